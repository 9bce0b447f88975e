import { errorText } from '@web/lib/errors.ts';
import { paths } from '@web/lib/paths.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultLinks } from './ResultLinks.tsx';
import { Skeleton } from './Skeleton.tsx';

/**
 * A "done" page (payment sent, withdrawal requested): the green check and the title, what the page
 * shows of the result (`children`, once loaded; until then why it failed, or skeleton lines while `loading`),
 * then the list the result belongs to and Go home. The page is `testId`, the buttons
 * `<testId>-orders` and `<testId>-home`.
 */
export function ResultPage({
  testId,
  className,
  title,
  listLabel,
  listPath,
  children,
  error,
  loading,
}: {
  testId: string;
  className: string;
  title: ReactNode;
  listLabel: ReactNode;
  listPath: string;
  children?: ReactNode;
  /** The result could not be loaded (shown inline, without a toast). */
  error?: unknown;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`page ${className}`} data-testid={testId}>
      <section className="card result">
        <svg width="64" height="64" viewBox="0 0 64 64" fill="none" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="#00b578" />
          <path
            d="m19 33 9 9 17-19"
            stroke="#ffffff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2>{title}</h2>
        {children ??
          (error ? (
            <p className="error-text">{errorText(error, t)}</p>
          ) : loading ? (
            <Skeleton rows={3} testId={`${testId}-loading`} className="result-skeleton" />
          ) : null)}
      </section>
      <ResultLinks
        main={{ to: listPath, label: listLabel, testId: `${testId}-orders` }}
        link={{ to: paths.home, tab: true, label: t('error.goHome'), testId: `${testId}-home` }}
      />
    </div>
  );
}
