import { useTranslation } from 'react-i18next';

/** Exchange history (being built). */
export default function ExchangeHistoryPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
