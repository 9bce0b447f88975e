import { errors, jwtVerify, SignJWT } from 'jose';

/** Session tokens: HS256 JWTs bound to a wallet address (lower-case, in `sub`). */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(address: string, userId: bigint): Promise<string> {
    return new SignJWT({ uid: userId.toString() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(address)
      .setIssuer('agcfund')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** Returns the address and user id, or the reason the token is refused. */
  async verify(token: string): Promise<{ ok: true; address: string; userId: bigint } | { ok: false; reason: 'expired' | 'invalid' }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'agcfund', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.uid !== 'string' || !/^\d+$/.test(payload.uid)) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, address: payload.sub, userId: BigInt(payload.uid) };
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
