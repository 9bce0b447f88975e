import { z } from 'zod';

export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'address' })
  .transform((a) => a.toLowerCase() as `0x${string}`);

/** An amount as a decimal string of minor-unit-exact value, e.g. "12.5". */
export const amountString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const sideSchema = z.enum(['left', 'right']);
export type Side = z.infer<typeof sideSchema>;

export const roleSchema = z.enum(['admin', 'auditor', 'analyst']);
export type Role = z.infer<typeof roleSchema>;
