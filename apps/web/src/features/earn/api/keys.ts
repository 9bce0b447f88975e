import type { EarnMovement } from '@agc/shared';

/**
 * Query keys of simple earn, in one place so that a transfer invalidates exactly what it changes. Everything
 * sits under `earn`: a transfer changes the summary, the movements and (for an out) the pending list at once.
 */
export const earnKeys = {
  all: ['earn'] as const,
  summary: ['earn', 'summary'] as const,
  movements: (kind: EarnMovement['kind'] | undefined) => ['earn', 'movements', kind ?? 'all'] as const,
  movement: (id: string) => ['earn', 'movement', id] as const,
  interest: ['earn', 'interest'] as const,
  preview: (amount: string) => ['earn', 'preview', amount] as const,
};
