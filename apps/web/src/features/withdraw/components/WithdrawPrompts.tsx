import type { WithdrawCheck } from '@agc/shared';
import type { TFunction } from 'i18next';
import { CheckRows } from './CheckRows.tsx';

// The withdrawal form's modals. Plain markup with texts given: they render in antd's imperative
// modals, outside the React tree's providers.

/** The confirmation before the request: amount, service fee and amount received. */
export function WithdrawConfirm({ check, t }: { check: WithdrawCheck; t: TFunction }) {
  return (
    <div className="withdraw-prompt" data-testid="withdraw-confirm">
      <CheckRows check={check} t={t} testIdPrefix="withdraw-confirm" />
    </div>
  );
}

/**
 * Over the daily limit: today's remaining amount (`num`, formatted), and with `capped` (the check of
 * that amount) the offer to continue with it, its fee and amount received; without, nothing remains.
 */
export function LimitPrompt({
  remaining,
  num,
  capped,
  t,
}: {
  remaining: string;
  num: string;
  capped?: WithdrawCheck;
  t: TFunction;
}) {
  return (
    <div className="withdraw-prompt" data-testid="withdraw-limit-prompt" data-remaining={remaining}>
      <p>{t(capped ? 'withdraw.limitPrompt' : 'withdraw.limitReached', { num })}</p>
      {capped && <CheckRows check={capped} t={t} testIdPrefix="withdraw-limit" withAmount={false} />}
    </div>
  );
}
