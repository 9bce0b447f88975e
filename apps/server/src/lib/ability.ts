import type { Ability } from '@agc/shared';
import type { Translate } from '@server/plugins/i18n.ts';
import type { AppError } from './errors.ts';

/**
 * An action's ability as a page reads it, from the refusal the server's own rule gives for it (null: allowed): the
 * same function decides the answer and the action, so a page never holds a second copy of the rule.
 */
export const abilityOf = (refusal: AppError | null, t: Translate): Ability =>
  refusal ? { can: false, reason: t(refusal.key, refusal.vars) } : { can: true, reason: null };
