import { type FundNavEntry, type FundNavPreview, minOf } from '@agc/shared';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { DateField } from '@web/components/DateField.tsx';
import { FieldError } from '@web/components/FormMessages.tsx';
import { errorText } from '@web/lib/errors.ts';
import { formatNav } from '@web/lib/format.ts';
import { confirmModal } from '@web/lib/ui.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFundProduct } from '../api/get-admin-products.ts';
import { previewNav, usePublishNav } from '../api/post-nav.ts';
import { navProblemKey, readNav } from '../model/nav.ts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The day after `day` (YYYY-MM-DD, UTC calendar). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The day the form starts at: the product's next NAV day (what waiting orders are priced at), unless that is
 * still in the future; a NAV is for a day after the latest one and not after today (the server's rule too).
 */
export function navDayRange(product: Pick<AdminFundProduct, 'nav_day' | 'next_nav_day'>, today = todayUtc()) {
  const min = product.nav_day ? dayAfter(product.nav_day) : undefined;
  const start = minOf(product.next_nav_day, today);
  return { min, max: today, start: min && start < min ? min : start };
}

/**
 * The confirmation before publishing, from the server's preview: the change in percent from the latest NAV and over
 * the 7 days before, and whether it is published at once or waits for a second admin (and why).
 */
export function NavChange({ preview }: { preview: FundNavPreview }) {
  const { t } = useTranslation();
  const nav = formatNav(preview.nav);
  return (
    <div className="fund-nav-change" data-testid="fund-nav-change">
      <p data-testid="fund-nav-change-step">
        {preview.previous_nav === null
          ? t('fund.admin.nav.confirmFirst', { nav, day: preview.day })
          : t('fund.admin.nav.confirmStep', {
              nav,
              day: preview.day,
              step: preview.step_percent ?? '-',
              previous: formatNav(preview.previous_nav),
            })}
      </p>
      {preview.week_base_nav !== null && (
        <p data-testid="fund-nav-change-week">
          {t('fund.admin.nav.confirmWeek', {
            week: preview.week_percent ?? '-',
            base: formatNav(preview.week_base_nav),
            limit: preview.max_week_percent,
          })}
        </p>
      )}
      <p
        className="fund-nav-change-outcome"
        data-testid="fund-nav-change-outcome"
        data-review={preview.review ?? ''}
      >
        {preview.review === null
          ? t('fund.admin.nav.confirmPublish')
          : t(`fund.admin.nav.confirmWaits.${preview.review}`, {
              limit: preview.review === 'step' ? preview.max_step_percent : preview.max_week_percent,
            })}
      </p>
    </div>
  );
}

/** What publishing answered: Published (and what it priced) or waiting for a second admin (the step or the week). */
export function NavResult({ entry }: { entry: FundNavEntry }) {
  const { t } = useTranslation();
  if (entry.status === 'Published')
    return (
      <p className="notice fund-nav-result" data-testid="fund-nav-result" data-status={entry.status}>
        {t('fund.admin.nav.published', {
          day: entry.day,
          nav: formatNav(entry.nav),
          subscriptions: t('count.subscription', { count: entry.priced.subscriptions }),
          redemptions: t('count.redemption', { count: entry.priced.redemptions }),
        })}
      </p>
    );
  return (
    <p className="notice fund-nav-result" data-testid="fund-nav-result" data-status={entry.status}>
      {entry.status !== 'PendingConfirmation'
        ? t('fund.admin.nav.rejected', { day: entry.day })
        : entry.review === 'week'
          ? t('fund.admin.nav.waitingWeek', {
              week: entry.week_percent ?? '-',
              limit: entry.max_week_percent,
            })
          : t('fund.admin.nav.waiting', { step: entry.step_percent ?? '-', limit: entry.max_step_percent })}
    </p>
  );
}

/**
 * One product's latest NAV and the form that enters the next (day, NAV up to 8 decimals): the server's preview of the
 * change is confirmed first (one tap prices every waiting subscription), then it is published.
 */
export function NavPublishCard({ product }: { product: AdminFundProduct }) {
  const { t } = useTranslation();
  const range = navDayRange(product);
  const [day, setDay] = useState<string>(range.start);
  const [nav, setNav] = useState('');
  /** The rule a field breaks (shown under it) or the server's refusal (shown above Publish). */
  const [error, setError] = useState<{ text: string; field: 'day' | 'nav' | null } | null>(null);
  const [result, setResult] = useState<FundNavEntry | null>(null);
  const publish = usePublishNav();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const reading = readNav(nav);
    if (!day) return setError({ text: t(navProblemKey('day_required')), field: 'day' });
    if (!reading.ok) return setError({ text: t(navProblemKey(reading.problem)), field: 'nav' });
    try {
      const input = { productId: product.id, day, nav: reading.nav };
      const preview = await previewNav(input);
      const yes = await confirmModal({
        title: t('fund.admin.nav.confirmTitle'),
        content: <NavChange preview={preview} />,
        confirmText: t('fund.admin.nav.publish'),
      });
      if (!yes) return;
      const entry = await publish.mutateAsync(input);
      setResult(entry);
      setNav('');
    } catch (e) {
      setError({ text: errorText(e, t), field: null });
    }
  };

  const testId = `fund-nav-${product.id}`;
  return (
    <form
      className="card form fund-nav-card"
      data-testid={testId}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <div className="card-head">
        <h3 className="card-title">{product.name_en}</h3>
        <span className="muted small">{t(`fund.admin.products.status.${product.status}`)}</span>
      </div>
      <p className="muted small" data-testid={`${testId}-latest`}>
        {product.nav === null
          ? t('fund.admin.nav.none')
          : t('fund.admin.nav.latest', { nav: formatNav(product.nav), day: product.nav_day ?? '-' })}
      </p>
      <DateField
        label={t('fund.admin.nav.day')}
        value={day}
        min={range.min}
        max={range.max}
        onChange={(d) => {
          setDay(d);
          setError(null);
        }}
        testId={`${testId}-day`}
        error={error?.field === 'day' ? error.text : null}
      />
      <label htmlFor={`${testId}-value`}>
        <span>{t('fund.admin.nav.value')}</span>
      </label>
      <input
        id={`${testId}-value`}
        className="input"
        data-testid={`${testId}-value`}
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        placeholder="1.00000000"
        value={nav}
        aria-invalid={error?.field === 'nav' ? true : undefined}
        aria-describedby={error?.field === 'nav' ? `${testId}-error` : undefined}
        onChange={(e) => {
          setNav(e.target.value);
          setError(null);
        }}
      />
      <FieldError
        id={`${testId}-error`}
        error={error?.field === 'nav' && error.text}
        testId={`${testId}-error`}
      />
      {result && <NavResult entry={result} />}
      {error && error.field === null && (
        <p className="error-text" role="alert" data-testid={`${testId}-error`}>
          {error.text}
        </p>
      )}
      <BlockButton variant="primary" type="submit" testId={`${testId}-publish`} busy={publish.isPending}>
        {t('fund.admin.nav.publish')}
      </BlockButton>
    </form>
  );
}
