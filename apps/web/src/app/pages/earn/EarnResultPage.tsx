import { useTranslation } from 'react-i18next';

/** Simple earn transfer result (being built). */
export default function EarnResultPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
