import type { FundRisk } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import '../funds.css';

/** A fund's risk level in its colour (green Low … red High, funds.css), the level translated. */
export function RiskTag({ risk, testId }: { risk: FundRisk; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`fund-risk fund-risk--${risk}`} data-risk={risk} data-testid={testId}>
      {t(`fund.risk.${risk}`)}
    </span>
  );
}
