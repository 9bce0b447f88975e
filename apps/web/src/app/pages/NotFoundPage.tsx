import { reLaunch } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className="page" style={{ textAlign: 'center', paddingTop: '64px' }}>
      <p data-testid="not-found" style={{ color: '#666666', wordBreak: 'break-all' }}>
        {t('error.pageNotFound', { path: pathname })}
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void reLaunch(paths.home).catch(() => undefined)}
      >
        {t('error.goHome')}
      </button>
    </div>
  );
}
