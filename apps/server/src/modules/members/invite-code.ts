import { randomInt } from 'node:crypto';

// No 0/O, 1/I: codes are read aloud and typed from screenshots.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character invitation code from a CSPRNG (32^8 ≈ 10^12 codes). Matches INVITE_CODE_RE. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
