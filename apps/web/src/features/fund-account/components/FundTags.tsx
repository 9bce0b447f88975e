import type { FundEarningKind, FundOrderStatus, FundRedemptionStatus, FundRisk } from '@agc/shared';
import { DisputedTag } from '@web/components/DisputedTag.tsx';
import { StatusTag, type StatusTone } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

const ORDER_TONE: Partial<Record<FundOrderStatus, StatusTone>> = {
  UnPaid: 'warning',
  Paid: 'info',
  Processing: 'info',
  Subscription: 'success',
  Redemption: 'warning',
};

const REDEMPTION_TONE: Partial<Record<FundRedemptionStatus, StatusTone>> = {
  Pending: 'info',
  Approved: 'info',
  Completed: 'success',
  Rejected: 'danger',
};

/** A fund order's status in its colour, with Disputed beside it while a chain incident disputes its payment. */
export function FundOrderStatusTag({
  status,
  disputed = false,
  testId,
}: {
  status: FundOrderStatus;
  disputed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StatusTag
        status={status}
        label={t(`fund.status.order.${status}`)}
        testId={testId}
        tone={ORDER_TONE[status]}
      />
      <DisputedTag disputed={disputed} testId="fund-order-disputed" />
    </>
  );
}

/** A redemption's status in its colour (prefixed so Pending/Cancelled do not take another list's colours). */
export function RedemptionStatusTag({ status, testId }: { status: FundRedemptionStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusTag
      status={`fund-${status}`}
      label={t(`fund.status.redemption.${status}`)}
      testId={testId}
      tone={REDEMPTION_TONE[status]}
    />
  );
}

/** A product's risk level (`fund.risk.<Level>`), coloured from low to high. */
export function RiskTag({ risk, testId }: { risk: FundRisk; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`fund-risk fund-risk--${risk.toLowerCase()}`} data-testid={testId} data-risk={risk}>
      {t(`fund.risk.${risk}`)}
    </span>
  );
}

/** An earning kind's name. */
export const earningKindKey = (kind: FundEarningKind) => `fund.status.kind.${kind}`;
