import { z } from 'zod';

/** A 20-byte hex address, any case (checksums are checked where a signature binds one). The one copy. */
export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

export const isAddress = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && ADDRESS_RE.test(value);

/** An address as answers carry it (case kept). */
export const hexAddressSchema = z.string().regex(ADDRESS_RE);

/** An address in a request: checked, then lower-cased. */
export const addressSchema = z
  .string()
  .regex(ADDRESS_RE, { error: 'address' })
  .transform((a) => a.toLowerCase() as `0x${string}`);

/** An amount as a decimal string of minor-unit-exact value, e.g. "12.5". */
export const amountString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const sideSchema = z.enum(['left', 'right']);
export type Side = z.infer<typeof sideSchema>;

export const roleSchema = z.enum(['admin', 'auditor', 'analyst']);
export type Role = z.infer<typeof roleSchema>;
