import { useTranslation } from 'react-i18next';

/** Exchange center (being built). */
export default function ExchangePage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
