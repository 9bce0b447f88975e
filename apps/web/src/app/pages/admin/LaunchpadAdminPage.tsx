import { useTranslation } from 'react-i18next';

/** Admin launchpad rounds (being built). */
export default function LaunchpadAdminPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
