// @vitest-environment node

import { ApiError } from '@web/lib/request.ts';
import { UserRejectedRequestError } from '@web/lib/wallet/errors.ts';
import { ReceiptTimeoutError } from '@web/lib/wallet/rpc.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimFake, hash, MEMBER, makeClaim, makeWithdrawal, VAULT } from '../testing/fixtures.ts';
import { ClaimError, ClaimWrongWalletError, NotClaimableError, UnexpectedClaimTxError } from './errors.ts';
import { FOLLOW_POLL_MS, FOLLOW_TIMEOUT_MS, runClaim } from './run-claim.ts';

const withdrawable = makeWithdrawal({ status: 'Withdrawable', audited_at: '2025-01-01T01:00:00Z' });
const claimed = (h: string) =>
  makeWithdrawal({ status: 'Success', claim_tx_hash: h, claimed_at: '2025-01-01T02:00:00Z' });

afterEach(() => vi.unstubAllGlobals());

describe('claim runner', () => {
  it('fetches the claim, sends it from the wallet, waits for the receipt, then follows to Success', async () => {
    let reads = 0;
    const f = claimFake({
      fetchClaim: async () => makeClaim(withdrawable),
      // the watcher sees the Claimed event at the third read
      fetchWithdrawal: async () => (++reads >= 3 ? claimed(hash(1)) : withdrawable),
    });
    const phases: string[] = [];
    const result = await runClaim({
      withdrawal: withdrawable,
      vault: VAULT,
      deps: f.deps,
      onPhase: (p) => phases.push(p),
    });
    expect(result).toEqual({ withdrawal: claimed(hash(1)), hash: hash(1), confirmed: true });
    expect(phases).toEqual(['wallet', 'receipt', 'follow']);
    expect(f.log).toEqual([
      'account',
      'claim:7',
      'ensureChain',
      `send:${VAULT}`,
      `receipt:${hash(1)}`,
      'withdrawal:7',
      `sleep:${FOLLOW_POLL_MS}`,
      'withdrawal:7',
      `sleep:${FOLLOW_POLL_MS}`,
      'withdrawal:7',
    ]);
    expect(f.progress.get('7')).toBeUndefined(); // Success: nothing left to resume
  });

  it('keeps the hash while the watcher has not caught up, and stops following after the timeout', async () => {
    const f = claimFake({
      fetchClaim: async () => makeClaim(withdrawable),
      fetchWithdrawal: async () => withdrawable,
    });
    const result = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: f.deps });
    expect(result.confirmed).toBe(false);
    expect(result.withdrawal.status).toBe('Withdrawable');
    expect(f.log.filter((l) => l === 'withdrawal:7')).toHaveLength(FOLLOW_TIMEOUT_MS / FOLLOW_POLL_MS + 1);
    expect(f.progress.get('7')).toBe(hash(1));
  });

  it('resumes a claim sent before: waits for that transaction instead of sending another', async () => {
    const f = claimFake({ progress: { '7': hash(9) }, fetchWithdrawal: async () => claimed(hash(9)) });
    const result = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: f.deps });
    expect(result).toMatchObject({ hash: hash(9), confirmed: true });
    expect(f.log).toEqual([`receipt:${hash(9)}`, 'withdrawal:7']);
  });

  it('sends a new claim when the one sent before reverted', async () => {
    const f = claimFake({
      progress: { '7': hash(9) },
      receipt: async (h) => (h === hash(9) ? 'reverted' : 'success'),
      fetchClaim: async () => makeClaim(withdrawable),
      fetchWithdrawal: async () => claimed(hash(1)),
    });
    const result = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: f.deps });
    expect(result.hash).toBe(hash(1));
    expect(f.log.filter((l) => l.startsWith('send:'))).toHaveLength(1);
  });

  it('a reverted claim is "The claim failed" and can be sent again', async () => {
    const f = claimFake({ fetchClaim: async () => makeClaim(withdrawable), receipt: async () => 'reverted' });
    const error = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: f.deps }).catch((e) => e);
    expect(error).toBeInstanceOf(ClaimError);
    expect(error.i18nKey).toBe('withdraw.errors.claimFailed');
    expect(f.progress.get('7')).toBeUndefined();
  });

  it('a refusal in the wallet is a quiet UserRejectedRequestError; other wallet errors are "The claim failed"', async () => {
    const refused = claimFake({
      fetchClaim: async () => makeClaim(withdrawable),
      send: async () => {
        throw { code: 4001, message: 'User rejected the request.' };
      },
    });
    await expect(
      runClaim({ withdrawal: withdrawable, vault: VAULT, deps: refused.deps }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError);
    const failed = claimFake({
      fetchClaim: async () => makeClaim(withdrawable),
      send: async () => {
        throw { code: -32603, message: 'Internal JSON-RPC error.' };
      },
    });
    await expect(
      runClaim({ withdrawal: withdrawable, vault: VAULT, deps: failed.deps }),
    ).rejects.toBeInstanceOf(ClaimError);
    expect(refused.progress.get('7')).toBeUndefined();
  });

  it('keeps what tells the member what to do: the server message, a receipt timeout', async () => {
    const server = claimFake({
      fetchClaim: async () => {
        throw new ApiError(400, 'This withdrawal has already been claimed', 400, null);
      },
    });
    const error = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: server.deps }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.displayText).toBe('This withdrawal has already been claimed');
    const slow = claimFake({
      fetchClaim: async () => makeClaim(withdrawable),
      receipt: async (h) => {
        throw new ReceiptTimeoutError(h);
      },
    });
    await expect(
      runClaim({ withdrawal: withdrawable, vault: VAULT, deps: slow.deps }),
    ).rejects.toBeInstanceOf(ReceiptTimeoutError);
    expect(slow.progress.get('7')).toBe(hash(1)); // sent: the next press waits for it
  });

  it('refuses another wallet account before asking for a voucher', async () => {
    const f = claimFake({ account: '0x0000000000000000000000000000000000000bad' });
    const error = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: f.deps }).catch((e) => e);
    expect(error).toBeInstanceOf(ClaimWrongWalletError);
    expect(error.values).toEqual({ address: MEMBER });
    expect(f.log).toEqual(['account']);
  });

  it('refuses a claim transaction for another contract, withdrawal or address', async () => {
    for (const claim of [
      makeClaim(withdrawable, { to: '0x00000000000000000000000000000000000000a1' }),
      { ...makeClaim(withdrawable), withdraw_id: '8' },
      makeClaim(withdrawable, { from: '0x0000000000000000000000000000000000000bad' }),
    ]) {
      const f = claimFake({ fetchClaim: async () => claim });
      const error = await runClaim({ withdrawal: withdrawable, vault: VAULT, deps: f.deps }).catch((e) => e);
      expect(error).toBeInstanceOf(UnexpectedClaimTxError);
      expect(f.log.some((l) => l.startsWith('send:'))).toBe(false);
    }
  });

  it('claims nothing that is not Withdrawable; a Success one is done', async () => {
    const f = claimFake();
    await expect(
      runClaim({ withdrawal: makeWithdrawal({ status: 'Auditing' }), vault: VAULT, deps: f.deps }),
    ).rejects.toBeInstanceOf(NotClaimableError);
    const done = await runClaim({ withdrawal: claimed(hash(3)), vault: VAULT, deps: f.deps });
    expect(done).toMatchObject({ hash: null, confirmed: true });
    expect(f.log).toEqual([]);
  });
});
