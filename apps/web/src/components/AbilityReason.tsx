import type { Ability } from '@agc/shared';

/**
 * Why an action the server would refuse is disabled, in the server's own words (an answer's `can` / `reason`, from the
 * rule that would refuse it): nothing when the action is open or no reason was given.
 */
export function AbilityReason({ ability, testId }: { ability: Ability; testId: string }) {
  if (ability.can || !ability.reason) return null;
  return (
    <p className="muted small ability-reason" data-testid={testId}>
      {ability.reason}
    </p>
  );
}
