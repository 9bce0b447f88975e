import { useTranslation } from 'react-i18next';

/** Launchpad round (being built). */
export default function LaunchpadDetailPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
