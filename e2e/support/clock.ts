import type { BrowserContext } from '@playwright/test';
import type { E2EEnv } from './env.ts';

type Headers = Record<string, string>;

export const DAY_MS = 86_400_000;
/** A UTC day, YYYY-MM-DD. */
export const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Where a spec with a test clock of its own starts: day `D` is tomorrow (UTC) and the clock `START` ten minutes into
 * it, so what the spec does on D cannot straddle a midnight and D is the spec's alone.
 */
export function tomorrowStart(): { D: string; START: Date } {
  const D = dayKey(new Date(Date.now() + DAY_MS));
  return { D, START: new Date(`${D}T00:10:00Z`) };
}

const clockOf = async (res: Response): Promise<Date> => {
  const body = await res.json();
  if (body.code !== 200) throw new Error(`test clock: ${JSON.stringify(body)}`);
  return new Date(body.data.now);
};

/** The server's test clock (a server started with TEST_CLOCK; admin headers). */
export const serverNow = async (env: E2EEnv, admin: Headers): Promise<Date> =>
  clockOf(await fetch(`${env.baseURL}/api/v1/test/clock`, { headers: admin }));

/** Moves the server's test clock forward to `to`; time flows on from there. */
export const moveServerClock = async (env: E2EEnv, admin: Headers, to: Date): Promise<Date> =>
  clockOf(
    await fetch(`${env.baseURL}/api/v1/test/clock`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ now: to.toISOString() }),
    }),
  );

/**
 * Sets a browser context's clock to the server's, as a real browser's would be: the app dates its sign-in
 * message by the browser's clock and the server checks it against its own.
 */
export async function alignBrowserClock(context: BrowserContext, env: E2EEnv, admin: Headers): Promise<void> {
  await context.clock.setSystemTime(await serverNow(env, admin));
}
