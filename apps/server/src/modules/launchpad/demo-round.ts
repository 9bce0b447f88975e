import type { DbOrTx } from '@agc/db';

/** Demo data: an open round for an empty launchpad_rounds (seed.ts). */
export async function seedLaunchpadRound(_tx: DbOrTx, _now: Date): Promise<void> {}
