import { formatEventTime, unbroken } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { releaseEndsAt } from '../model/copies.ts';

/** The release rule in words: locked until the release start (end + cliff), then linear over the linear days. */
export function ReleaseLine({
  releaseStartsAt,
  linearDays,
  testId,
}: {
  releaseStartsAt: string;
  linearDays: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const start = unbroken(formatEventTime(releaseStartsAt, t));
  return (
    <p className="muted small lp-release" data-testid={testId}>
      {linearDays > 0
        ? t('launchpad.release.linear', {
            start,
            end: unbroken(formatEventTime(releaseEndsAt(releaseStartsAt, linearDays), t)),
          })
        : t('launchpad.release.once', { start })}
    </p>
  );
}
