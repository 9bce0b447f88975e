import { errors, jwtVerify, SignJWT } from 'jose';
import { TtlCache } from './ttl-cache.ts';

type Verified = { ok: true; address: string; userId: bigint; sessionId: string; expiresAt: number };

/**
 * Session tokens: HS256 JWTs bound to a wallet address (lower-case, in `sub`) and naming their session
 * row (`sid`), which logging out revokes: a valid signature alone does not keep a session open.
 */
export class TokenService {
  private readonly key: Uint8Array;
  /** Tokens already verified: a token is immutable, so only its expiry needs checking again. */
  private readonly verified = new TtlCache<string, Verified>(60_000, 50_000);
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get lifetimeMs(): number {
    return this.ttlSeconds * 1000;
  }

  sign(address: string, userId: bigint, sessionId: string): Promise<string> {
    return new SignJWT({ uid: userId.toString(), sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(address)
      .setIssuer('agcfund')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** Returns the address and user id, or the reason the token is refused. */
  async verify(token: string): Promise<Verified | { ok: false; reason: 'expired' | 'invalid' }> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'agcfund', algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.uid !== 'string' ||
        !/^\d+$/.test(payload.uid) ||
        typeof payload.sid !== 'string'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      const result: Verified = {
        ok: true,
        address: payload.sub,
        userId: BigInt(payload.uid),
        sessionId: payload.sid,
        expiresAt: (payload.exp ?? 0) * 1000,
      };
      this.verified.set(token, result);
      return result;
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
