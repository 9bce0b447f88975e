import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@agc/db';
import type { AuthBody } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { isUniqueViolation } from '@server/lib/db-errors.ts';
import { AppError, badRequest, unauthorized } from '@server/lib/errors.ts';
import { findByAddress, invalidateMember } from '@server/modules/members/index.ts';
import { placeNewMember } from '@server/modules/team/index.ts';
import { type Hex, recoverMessageAddress } from 'viem';
import { deleteNoncesExpiredBefore, findNonce, insertNonce, useNonce } from './repository.ts';
import { newSessionId, openSession } from './sessions.ts';
import { parseSiweStrict, SIWE_MAX_LIFETIME_MS } from './siwe.ts';

/** Tolerated clock difference between a wallet's device and the server. */
const CLOCK_SKEW_MS = 5 * 60_000;

export async function issueNonce(ctx: AppContext, address: string) {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.nonceTtlSeconds * 1000);
  await insertNonce(ctx.db, { nonce, address: address.toLowerCase(), expiresAt });
  return { nonce, expires_at: expiresAt.toISOString() };
}

/** Expired nonces older than a day are of no use to anyone; the runtime calls this periodically. */
export async function purgeNonces(ctx: AppContext): Promise<void> {
  await deleteNoncesExpiredBefore(ctx.db, new Date(ctx.now().getTime() - 86_400_000));
}

type Parsed = { address: `0x${string}`; nonce: string };

/**
 * Checks an EIP-4361 message against this server: strict syntax (siwe.ts), domain, origin, chain, dates on
 * the server clock, signature. Every refusal happens before the nonce is looked at, so it stays usable.
 */
async function verifySiwe(ctx: AppContext, message: string, signature: Hex): Promise<Parsed> {
  const m = parseSiweStrict(message);
  let uriOrigin: string | undefined;
  try {
    uriOrigin = new URL(m.uri).origin;
  } catch {
    throw badRequest('siwe.malformed');
  }
  if (m.domain !== ctx.config.siweDomain || uriOrigin !== ctx.config.publicOrigin) {
    throw badRequest('siwe.wrong_domain', { domain: m.domain });
  }
  if (m.chainId !== ctx.chain.id)
    throw badRequest('siwe.wrong_chain', { chainId: ctx.chain.id, got: m.chainId });
  const now = ctx.now().getTime();
  const issuedAt = m.issuedAt.getTime();
  if (issuedAt > now + CLOCK_SKEW_MS) throw badRequest('siwe.issued_in_future');
  // The wallet dates the message after fetching the nonce: older than the nonce can live, it is not fresh.
  if (issuedAt < now - ctx.config.nonceTtlSeconds * 1000 - CLOCK_SKEW_MS)
    throw badRequest('siwe.issued_too_old');
  const expiresAt = m.expirationTime?.getTime();
  if (expiresAt !== undefined && expiresAt <= now) throw badRequest('siwe.expired');
  if (expiresAt !== undefined && expiresAt > issuedAt + SIWE_MAX_LIFETIME_MS)
    throw badRequest('siwe.expiry_too_far', { minutes: SIWE_MAX_LIFETIME_MS / 60_000 });
  const notBefore = m.notBefore?.getTime();
  if (notBefore !== undefined && expiresAt !== undefined && notBefore > expiresAt)
    throw badRequest('siwe.not_before_after_expiry');
  if (notBefore !== undefined && notBefore > now + CLOCK_SKEW_MS) throw badRequest('siwe.not_yet_valid');
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message, signature });
  } catch {
    throw unauthorized('siwe.bad_signature');
  }
  if (signer.toLowerCase() !== m.address.toLowerCase()) throw unauthorized('siwe.bad_signature');
  return { address: m.address.toLowerCase() as `0x${string}`, nonce: m.nonce };
}

/** Marks the nonce used if it was issued for this address, unused and unexpired; otherwise says why not. */
async function consumeNonce(tx: DbOrTx, ctx: AppContext, nonce: string, address: string): Promise<void> {
  const now = ctx.now();
  if (await useNonce(tx, nonce, address, now)) return;
  const row = await findNonce(tx, nonce);
  if (row && row.address === address && !row.usedAt && row.expiresAt <= now)
    throw unauthorized('nonce.expired');
  throw unauthorized('nonce.invalid');
}

/**
 * Sign-in: a valid SIWE message and signature, with an unused nonce, returns a session token. A new
 * address is registered under its inviter in the same transaction, so a refused sign-up (unknown
 * code, missing side) changes nothing, not even the nonce.
 */
export async function signIn(
  ctx: AppContext,
  body: AuthBody,
  client: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<{ token: string; address: string }> {
  const { address, nonce } = await verifySiwe(ctx, body.message, body.signature as Hex);
  for (let attempt = 0; ; attempt++) {
    try {
      const sessionId = newSessionId();
      let placed = false;
      const member = await ctx.db.transaction(async (tx) => {
        await consumeNonce(tx, ctx, nonce, address);
        const known = await findByAddress(tx, address);
        placed = !known;
        const m = known ?? (await placeNewMember(tx, address, { code: body.invite_code, side: body.side }));
        // Sessions live on the real clock, like the tokens that name them.
        const expiresAt = new Date(Date.now() + ctx.tokens.lifetimeMs);
        await openSession(tx, { id: sessionId, userId: m.id, expiresAt, ...client });
        return m;
      });
      // A sign-up changed the inviter's count.
      if (member.inviterId !== null) invalidateMember(ctx, member.inviterId);
      // A placement changed every ancestor's live team size (/me): drop the cached answers.
      if (placed) invalidate(ctx, { kind: 'allFigures' });
      return { token: await ctx.tokens.sign(member.address, member.id, sessionId), address: member.address };
    } catch (e) {
      // Two sign-ups raced (same address, root, or an invite code collision): the loser retries once
      // and then sees the winner's row.
      if (attempt === 0 && !(e instanceof AppError) && isUniqueViolation(e)) continue;
      throw e;
    }
  }
}
