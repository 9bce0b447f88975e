import type { Side } from '@agc/shared';

export interface Invite {
  code?: string;
  side?: Side;
}

/** Reads the invite of the login URL (`?code=…&side=left|right`); anything else is ignored. */
export function readInvite(search: URLSearchParams): Invite {
  const code = search.get('code')?.trim().toUpperCase() || undefined;
  const rawSide = search.get('side')?.trim().toLowerCase();
  const side = rawSide === 'left' || rawSide === 'right' ? rawSide : undefined;
  return { code, side };
}
