// Benchmarks' members: placed under one root, credited available USDT, each with an open session and the headers
// the app's client sends (bearer token + wallet address), made the way sign-in makes them.
import type { Db } from '@agc/db';
import { TokenService } from '../apps/server/src/lib/tokens.ts';
import { openSessionFor } from '../apps/server/src/modules/auth/sessions.ts';
import { type Member, newInviteCode } from '../apps/server/src/modules/members/index.ts';
import { insertPlaced, insertRoot } from '../apps/server/src/modules/team/index.ts';
import { newWallet } from '../apps/server/test/helpers.ts';
import { grantRewards } from '../apps/server/test/withdraw-support.ts';

export interface SignedInMember extends Member {
  headers: { authorization: string; 'x-wallet-address': string };
}

/** `count` members, each credited `usdt` (minor units) of available USDT, signed in with tokens of `jwtSecret`. */
export async function signedInMembers(
  db: Db,
  { count, usdt, jwtSecret, ref }: { count: number; usdt: bigint; jwtSecret: string; ref: string },
): Promise<SignedInMember[]> {
  const root = await db.transaction((tx) =>
    insertRoot(tx, newWallet().address.toLowerCase(), newInviteCode()),
  );
  const members: Member[] = [];
  for (let i = 0; i < count; i++)
    members.push(
      await db.transaction((tx) =>
        insertPlaced(tx, {
          address: newWallet().address.toLowerCase(),
          inviteCode: newInviteCode(),
          inviter: root,
          side: i % 2 ? 'right' : 'left',
        }),
      ),
    );
  await grantRewards(
    db,
    members.map((m) => ({ userId: m.id, asset: 'USDT', amount: usdt, ref: `${ref}:${m.id}` })),
  );
  const tokens = new TokenService(jwtSecret, 3600);
  return Promise.all(
    members.map(async (m) => ({
      ...m,
      headers: {
        authorization: `Bearer ${await tokens.sign(m.address, m.id, await openSessionFor(db, m.id, 3_600_000))}`,
        'x-wallet-address': m.address,
      },
    })),
  );
}
