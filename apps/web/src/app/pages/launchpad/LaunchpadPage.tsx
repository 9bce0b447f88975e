import { useTranslation } from 'react-i18next';

/** Launchpad rounds (being built). */
export default function LaunchpadPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
