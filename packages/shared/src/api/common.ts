import { z } from 'zod';
import { integerInput } from './input.ts';

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

/** A database id as the API sends it: up to 18 digits, so it always fits a bigint. Requests read ids with idInput. */
export const idString = z.string().regex(/^\d{1,18}$/);

/** An amount as answers carry it: a decimal string of minor-unit-exact value, e.g. "12.5". Requests: amountInput. */
export const amountString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const sideSchema = z.enum(['left', 'right']);
export type Side = z.infer<typeof sideSchema>;

export const roleSchema = z.enum(['admin', 'auditor', 'analyst']);
export type Role = z.infer<typeof roleSchema>;

/**
 * Whether the member asking may take an action now, as the server's own rule decides it (the same code that would
 * refuse the action), and why not, translated: pages disable what the server would refuse and show the reason,
 * without a second copy of the rule.
 */
export const abilitySchema = z.object({ can: z.boolean(), reason: z.string().nullable() });
export type Ability = z.infer<typeof abilitySchema>;

/**
 * The paging fields of a list request: `page` from 1 (at most `maxPage` where given), `size` from 1 to
 * `maxSize`, `defaultSize` when absent. Integers as input.ts reads them (digits only).
 */
export function pagingQuery({
  maxPage,
  maxSize,
  defaultSize,
}: {
  maxPage?: number;
  maxSize: number;
  defaultSize: number;
}) {
  return {
    page: integerInput(1, maxPage ?? 2_147_483_647).default(1),
    size: integerInput(1, maxSize).default(defaultSize),
  };
}

/** A page of a list answer: its items, how many there are in all, the page, its size and whether more follow. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    has_more: z.boolean(),
  });
}

/**
 * A catalogue entry's texts as an admin writes them (fund products, launchpad rounds): the name and description in
 * English (the fallback), and any other interface language's in translations.
 */
export const catalogueTextsInput = {
  name: z.string().trim().min(1).max(80),
  description: z.string().max(2000).default(''),
  translations: z
    .record(
      z.string(),
      z.object({ name: z.string().max(80).optional(), description: z.string().max(2000).optional() }),
    )
    .default({}),
};
