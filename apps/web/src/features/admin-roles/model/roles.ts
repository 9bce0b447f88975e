import { type Role, roleChangeBody } from '@agc/shared';

/** The roles an admin grants, in the order the page offers them. */
export const ROLES: readonly Role[] = ['admin', 'auditor', 'analyst'];

/**
 * The typed address as the server reads it (roleChangeBody: 0x and 40 hexadecimal characters, any case): null when
 * it is not one, else lower-cased.
 */
export function readAddress(text: string): string | null {
  const parsed = roleChangeBody.shape.address.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}
