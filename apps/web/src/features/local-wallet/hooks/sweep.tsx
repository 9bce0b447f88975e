// The withdrawal page ("sweep"): everything to one address in one confirmation. USDT then AGC (those with a
// balance), each waited for until mined, then the ETH left after all fees, computed at that moment from the fresh
// balance and the fee of the ETH transfer. A failed step stops the sweep and says which. While a transaction of
// this wallet is still pending (a send, or a sweep's step left running by a reload), nothing can start: the
// balances do not show it yet, so a sweep planned on them would send the same tokens twice.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@web/lib/errors.ts';
import { confirmModal } from '@web/lib/ui.ts';
import type { LocalAsset, LocalChain } from '@web/lib/wallet/local-chain.ts';
import { waitSettled } from '@web/lib/wallet/local-follow.ts';
import { estimateTransferFee, sendLocal } from '@web/lib/wallet/local-send.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, Hash } from 'viem';
import { SweepConfirmContent } from '../components/SweepConfirm.tsx';
import { readRecipient, recipientWarning } from '../model/send-input.ts';
import { planSweep, type SweepPlan, sweepEthValue, sweepTokens } from '../model/sweep-plan.ts';
import {
  balancesKey,
  pendingSendsKey,
  useLocalBalances,
  useLocalChain,
  usePendingSends,
} from './send-wallet.ts';

export type SweepStepStatus = 'waiting' | 'sending' | 'pending' | 'success' | 'failed' | 'skipped';

export interface SweepStep {
  asset: LocalAsset;
  /** Null for ETH until its value is computed, after the token steps. */
  amount: bigint | null;
  status: SweepStepStatus;
  hash?: Hash;
  error?: string;
}

export function useSweep(address: Address) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const chain = useLocalChain();
  const balances = useLocalBalances(address);
  const [targetText, setTargetText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [steps, setSteps] = useState<SweepStep[] | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // This wallet's transactions still pending (checked against the chain, the balances read again as they settle).
  // While there are any, or before the first check, the sweep waits.
  const pending = usePendingSends(address, running);
  const pendingHashes = running ? [] : (pending.data ?? []);
  const waiting = pendingHashes.length > 0 || pending.data === undefined;

  const target = readRecipient(targetText);
  const feeTo = target.ok ? target.address : address;
  const bal = balances.data;
  const plan = useQuery({
    queryKey: ['localWallet', 'sweepPlan', address, feeTo, bal?.blockNumber.toString()],
    queryFn: async (): Promise<SweepPlan> => {
      const c = chain.data as LocalChain;
      const b = bal as NonNullable<typeof bal>;
      const tokenFees = new Map<string, bigint>();
      for (const token of sweepTokens(b))
        tokenFees.set(
          token.asset,
          (await estimateTransferFee(c, address, token.asset, feeTo, token.amount)).total,
        );
      const ethFee = (await estimateTransferFee(c, address, 'ETH', feeTo, 0n)).total;
      return planSweep(b, (asset) => tokenFees.get(asset) ?? 0n, ethFee);
    },
    enabled: chain.data !== undefined && bal !== undefined && !running && !waiting,
  });

  const selfTarget = target.ok && target.address.toLowerCase() === address.toLowerCase();
  const targetError =
    !target.ok && (submitted || targetText.trim() !== '')
      ? t(`localWalletPages.send.errors.${target.error}`)
      : selfTarget
        ? t('localWalletPages.sweep.selfTarget')
        : null;
  const warning =
    target.ok && chain.data && !selfTarget
      ? recipientWarning(target.address, address, [chain.data.tokens.USDT, chain.data.tokens.AGC], false)
      : null;
  const planProblem =
    !waiting && plan.data?.problem ? t(`localWalletPages.sweep.problems.${plan.data.problem}`) : null;

  const update = (index: number, patch: Partial<SweepStep>) =>
    setSteps((list) => list?.map((s, i) => (i === index ? { ...s, ...patch } : s)) ?? null);

  /** Sends one step and waits until it is mined; false when it failed (the sweep stops there). */
  const runStep = async (c: LocalChain, to: Address, index: number, asset: LocalAsset, amount: bigint) => {
    update(index, { status: 'sending', amount });
    try {
      const fee = await estimateTransferFee(c, address, asset, to, asset === 'ETH' ? 0n : amount);
      const value = asset === 'ETH' ? sweepEthValue(amount, fee.total) : amount;
      if (value === 0n) {
        update(index, { status: 'skipped', amount: 0n });
        return true;
      }
      const tx = await sendLocal(c, {
        from: address,
        asset,
        recipient: to,
        amount: value,
        fee,
        kind: 'sweep',
      });
      update(index, { status: 'pending', hash: tx.hash, amount: value });
      const settled = await waitSettled(c.client, tx);
      if (settled.status === 'success') {
        update(index, { status: 'success' });
        return true;
      }
      update(index, {
        status: 'failed',
        error: t(`localWalletPages.result.reason.${settled.reason ?? 'reverted'}`),
      });
    } catch (error) {
      update(index, { status: 'failed', error: errorText(error, t) });
    }
    return false;
  };

  const run = async (c: LocalChain, to: Address, current: SweepPlan) => {
    const initial: SweepStep[] = [
      ...current.tokens.map((tk) => ({ asset: tk.asset, amount: tk.amount, status: 'waiting' as const })),
      { asset: 'ETH', amount: null, status: 'waiting' },
    ];
    setSteps(initial);
    setRunning(true);
    setFailure(null);
    try {
      for (const [index, step] of initial.entries()) {
        let amount = step.amount;
        // The ETH step: the balance after the token steps (their fees paid); its own fee comes off in runStep.
        if (step.asset === 'ETH') amount = await c.client.getBalance({ address, blockTag: 'latest' });
        if (!(await runStep(c, to, index, step.asset, amount ?? 0n))) {
          setFailure(t('localWalletPages.sweep.stopped', { asset: step.asset }));
          return;
        }
      }
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: balancesKey(address) });
      void queryClient.invalidateQueries({ queryKey: pendingSendsKey(address) });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!target.ok || selfTarget || !plan.data || plan.data.problem || !chain.data || running || waiting)
      return;
    const current = plan.data;
    const to = target.address;
    const ok = await confirmModal({
      title: t('localWalletPages.sweep.confirmTitle'),
      content: <SweepConfirmContent plan={current} to={to} warning={warning} />,
      confirmText: t('localWalletPages.sweep.confirm'),
    });
    if (ok) await run(chain.data, to, current);
  };

  return {
    address,
    balances,
    plan,
    /** A transaction of the wallet is still pending (or not checked yet): nothing can start. */
    waiting,
    /** The check for pending transactions (its error is shown with a retry). */
    pending,
    /** The newest pending transaction of the wallet, to follow on its result page. */
    pendingHash: pendingHashes[0],
    targetText,
    setTargetText,
    targetError,
    warning,
    planProblem,
    submit,
    steps,
    running,
    failure,
  };
}

export type Sweep = ReturnType<typeof useSweep>;
