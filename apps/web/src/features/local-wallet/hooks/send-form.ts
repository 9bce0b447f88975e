// The send page's form: asset, recipient (EIP-55), amount (with Max), the network fee estimated for what is typed,
// the balance checks, then a confirmation that sends through the local wallet and opens the result page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { navigateTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { ASSET_DECIMALS, LOCAL_ASSETS, type LocalAsset } from '@web/lib/wallet/local-chain.ts';
import { type FeeEstimate, maxSendable } from '@web/lib/wallet/local-fees.ts';
import { estimateTransferFee, sendLocal } from '@web/lib/wallet/local-send.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Address } from 'viem';
import { amountInput } from '../model/send-format.ts';
import {
  BALANCE_ERROR_KEYS,
  checkSendBalances,
  type RecipientWarning,
  readRecipient,
  readSendAmount,
  recipientWarning,
} from '../model/send-input.ts';
import { balancesKey, useLocalBalances, useLocalChain, usePendingSends } from './send-wallet.ts';
import { useWalletAction } from './use-wallet-action.ts';

export const FEE_REFRESH_MS = 15_000;

const isAsset = (v: string | null): v is LocalAsset => LOCAL_ASSETS.includes(v as LocalAsset);

export interface SendDraft {
  asset: LocalAsset;
  amount: bigint;
  recipient: Address;
  fee: FeeEstimate;
  warning: RecipientWarning | null;
}

export function useSendForm(address: Address) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const chain = useLocalChain();
  const balances = useLocalBalances(address);
  const action = useWalletAction();
  const pending = usePendingSends(address, action.busy);
  const [asset, setAsset] = useState<LocalAsset>(() => {
    const asked = search.get('asset');
    return isAsset(asked) ? asked : 'USDT';
  });
  const [recipientText, setRecipientText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [draft, setDraft] = useState<SendDraft | null>(null);

  const recipient = readRecipient(recipientText);
  const amount = readSendAmount(amountText, ASSET_DECIMALS[asset]);
  const bal = balances.data;

  // Priced for what is typed: the recipient (the wallet itself until one is valid) and, for a token, the amount
  // when the balance holds it (else 1 unit: a transfer of 0 costs less). ETH is priced without value (same gas).
  const feeRecipient = recipient.ok ? recipient.address : address;
  const feeAmount =
    asset === 'ETH'
      ? 0n
      : amount.ok && bal && amount.units <= bal[asset]
        ? amount.units
        : bal?.[asset]
          ? 1n
          : 0n;
  const fee = useQuery({
    queryKey: ['localWallet', 'fee', address, asset, feeRecipient, feeAmount.toString()],
    queryFn: () =>
      estimateTransferFee(
        chain.data as NonNullable<typeof chain.data>,
        address,
        asset,
        feeRecipient,
        feeAmount,
      ),
    enabled: chain.data !== undefined,
    refetchInterval: FEE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });

  // The fee of what is typed now: while a changed asset or recipient is being priced, the previous figure is shown
  // (placeholder) but never used to check, fill Max or sign (a token transfer with an ETH transfer's gas would fail).
  const priced = fee.data !== undefined && !fee.isPlaceholderData ? fee.data : undefined;

  const code = useQuery({
    queryKey: ['localWallet', 'code', recipient.ok ? recipient.address : null],
    queryFn: async () => {
      const c = await chain.data?.client.getCode({ address: recipient.ok ? recipient.address : address });
      return c !== undefined && c !== '0x';
    },
    enabled: chain.data !== undefined && recipient.ok,
  });

  const warning =
    recipient.ok && chain.data
      ? recipientWarning(
          recipient.address,
          address,
          [chain.data.tokens.USDT, chain.data.tokens.AGC],
          code.data ?? false,
        )
      : null;

  const showRecipientError = !recipient.ok && (submitted || recipientText.trim() !== '');
  const recipientError = showRecipientError ? t(`localWalletPages.send.errors.${recipient.error}`) : null;
  const showAmountError = !amount.ok && (submitted || amountText.trim() !== '');
  const amountError = showAmountError
    ? t(`localWalletPages.send.errors.${amount.error}`, { decimals: ASSET_DECIMALS[asset] })
    : null;
  const balanceProblem =
    amount.ok && bal && priced ? checkSendBalances(asset, amount.units, bal, priced.total) : null;
  const balanceError = balanceProblem ? t(BALANCE_ERROR_KEYS[balanceProblem]) : null;

  const changeAsset = (next: LocalAsset) => {
    setAsset(next);
    setAmountText('');
    setSubmitted(false);
  };

  /** Max: the whole token balance, or the ETH balance minus the fee estimate. */
  const fillMax = () => {
    if (!bal || !priced) return;
    setAmountText(amountInput(maxSendable(asset, bal[asset], priced.total), asset));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!recipient.ok || !amount.ok || !bal || !priced || balanceProblem) return;
    setDraft({ asset, amount: amount.units, recipient: recipient.address, fee: priced, warning });
  };

  /** Sends the confirmed draft and opens its result page. */
  const confirm = () =>
    void action.run(async () => {
      if (!draft || !chain.data) return;
      const tx = await sendLocal(chain.data, {
        from: address,
        asset: draft.asset,
        recipient: draft.recipient,
        amount: draft.amount,
        fee: draft.fee,
        kind: 'send',
      });
      void queryClient.invalidateQueries({ queryKey: balancesKey(address) });
      setDraft(null);
      await navigateTo(withQuery(paths.localWalletResult, { hash: tx.hash }));
    });

  return {
    address,
    asset,
    changeAsset,
    recipientText,
    setRecipientText,
    amountText,
    setAmountText,
    fillMax,
    balances,
    /** The newest of the wallet's pending transactions: the balance does not include it yet. */
    pendingHash: action.busy ? undefined : pending.data?.[0],
    fee,
    /** The fee is being priced for what was just typed: Max and Next wait for it. */
    pricing: !priced,
    warning,
    recipientError,
    amountError,
    balanceError,
    submit,
    draft,
    closeDraft: () => {
      if (!action.busy) setDraft(null);
    },
    confirm,
    sending: action.busy,
    sendError: action.error,
  };
}

export type SendForm = ReturnType<typeof useSendForm>;
