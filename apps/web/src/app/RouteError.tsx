import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that failed to load (a chunk after a deploy, a network drop) or to render: tap to reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div style={{ padding: '64px 24px', textAlign: 'center' }}>
      <button
        type="button"
        data-testid="page-load-error"
        onClick={() => window.location.reload()}
        style={{
          border: 0,
          background: 'transparent',
          color: '#666666',
          fontSize: '15px',
          lineHeight: 1.6,
          cursor: 'pointer',
        }}
      >
        {t('error.pageLoadFailed')}
      </button>
    </div>
  );
}
