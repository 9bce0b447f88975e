import { useTranslation } from 'react-i18next';

/** Simple earn transfer out (being built). */
export default function EarnTransferOutPage() {
  const { t } = useTranslation();
  return <div className="page">{t('common.noData')}</div>;
}
