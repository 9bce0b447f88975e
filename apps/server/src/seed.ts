import { devAccount } from '@agc/contracts';
import type { Side } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { seedDemoHolding, seedFundProducts } from '@server/modules/funds/index.ts';
import { seedLaunchpadRound } from '@server/modules/launchpad/index.ts';
import { findByAddress, grantRole, hasAnyMember, newInviteCode } from '@server/modules/members/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { insertPlaced, insertRoot } from '@server/modules/team/index.ts';
import type { AppContext } from './context.ts';

/**
 * Demo data for an empty development database: dev account 0 is the root member and an admin;
 * accounts 1–4 form a small team under it (1 left, 2 right, 3 and 4 spilled below them). Accounts
 * 5–9 stay unregistered and funded, to try the sign-up with an invite link. The shop gets the demo
 * products when it has none, the funds three demo funds with a NAV history when they have none (and account 1 a
 * holding of one past its lock), the launchpad an open round when it has none.
 */
export async function seedDemo(ctx: AppContext): Promise<{ root: string; inviteCode: string } | undefined> {
  return ctx.db.transaction(async (tx) => {
    await seedProducts(tx);
    await seedFundProducts(tx, ctx.now());
    await seedLaunchpadRound(tx, ctx.now());
    if (await hasAnyMember(tx)) return undefined;
    const root = await insertRoot(tx, devAccount(0).address, newInviteCode());
    await grantRole(tx, root.id, 'admin', null);
    const team: Array<[number, Side]> = [
      [1, 'left'],
      [2, 'right'],
      [3, 'left'],
      [4, 'right'],
    ];
    for (const [index, side] of team) {
      const inviter = defined(await findByAddress(tx, root.address));
      await insertPlaced(tx, {
        address: devAccount(index).address,
        inviteCode: newInviteCode(),
        inviter,
        side,
      });
    }
    // Account 1 holds a fund whose lock has ended: the redemption sheet and the queue are reachable at once.
    const holder = defined(await findByAddress(tx, devAccount(1).address));
    await seedDemoHolding(tx, ctx, holder.id);
    return { root: root.address, inviteCode: root.inviteCode };
  });
}
