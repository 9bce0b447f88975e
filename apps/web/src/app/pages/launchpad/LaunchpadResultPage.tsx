import { useTranslation } from 'react-i18next';

/** Launchpad purchase result (being built). */
export default function LaunchpadResultPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
