import { useTranslation } from 'react-i18next';

/**
 * "Disputed", beside an order's or a subscription's status, while a chain incident disputes its payment (the answer's
 * `disputed`): credited, then reorganised off the chain, until an admin reverses or accepts it.
 */
export function DisputedTag({ disputed, testId }: { disputed: boolean; testId?: string }) {
  const { t } = useTranslation();
  if (!disputed) return null;
  return (
    <span
      className="status-tag status-tag--disputed"
      data-testid={testId ?? 'disputed-tag'}
      title={t('incidents.disputedNote')}
    >
      {t('incidents.disputed')}
    </span>
  );
}
