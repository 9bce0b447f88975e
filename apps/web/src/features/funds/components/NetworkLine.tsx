import { useTranslation } from 'react-i18next';

/**
 * "Network: {network}": the fund payment network, always the configured name (config funds.payment_network),
 * never a chain named in a translation (the spec's English and its other languages disagree on it).
 */
export function NetworkLine({ network }: { network: string | undefined }) {
  const { t } = useTranslation();
  if (!network) return null;
  return (
    <p className="fund-network" data-testid="fund-network">
      {t('fund.buy.network', { network })}
    </p>
  );
}
