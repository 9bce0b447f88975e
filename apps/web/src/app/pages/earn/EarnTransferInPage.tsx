import { useTranslation } from 'react-i18next';

/** Simple earn transfer in (being built). */
export default function EarnTransferInPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
