import { useTranslation } from 'react-i18next';

/** Simple earn records (being built). */
export default function EarnRecordsPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
