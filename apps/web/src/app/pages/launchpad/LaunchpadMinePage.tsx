import { useTranslation } from 'react-i18next';

/** My launchpad purchases (being built). */
export default function LaunchpadMinePage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
