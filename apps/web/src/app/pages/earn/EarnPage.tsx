import { useTranslation } from 'react-i18next';

/** Simple earn (being built). */
export default function EarnPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
