import type { FundRedemptionStatus } from '@agc/shared';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { StatusTabs } from '@web/components/StatusTabs.tsx';
import {
  flattenAdminRedemptions,
  useAdminRedemptions,
} from '@web/features/fund-admin/api/get-admin-redemptions.ts';
import { RedemptionAuditCard } from '@web/features/fund-admin/components/RedemptionAuditCard.tsx';
import { isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/fund-admin/fund-admin.css';

const TABS = ['Pending', 'Approved'] as const satisfies readonly FundRedemptionStatus[];

/** The redemption queue (admin): Pending ones to approve or reject, and the Approved ones waiting for their NAV. */
export default function FundRedemptionsAdminPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof TABS)[number]>('Pending');
  const list = useAdminRedemptions(status);
  if (isForbidden(list.error))
    return <NoPermission testId="fund-admin-no-permission" text={t('fund.admin.noPermission')} />;
  return (
    <div className="page fund-admin fund-admin-redemptions">
      <StatusTabs
        keys={TABS}
        active={status}
        onChange={setStatus}
        title={(key) => t(`fund.status.redemption.${key}`)}
        testIdPrefix="fund-admin-redemption-tab"
        className="fund-admin-tabs"
      />
      <PagedList
        items={flattenAdminRedemptions(list.data?.pages)}
        itemKey={(r) => r.redemption_id}
        {...pagingProps(list)}
        testId="fund-admin-redemption-list"
        renderItem={(r) => <RedemptionAuditCard redemption={r} />}
      />
    </div>
  );
}
