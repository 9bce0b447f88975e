import { useTranslation } from 'react-i18next';

/** Exchange result (being built). */
export default function ExchangeResultPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
