import { DateField } from '@web/components/DateField.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { flattenBills, useFundBills } from '@web/features/fund-account/api/get-bills.ts';
import { useDownloadBillsCsv } from '@web/features/fund-account/api/get-bills-csv.ts';
import { BillCard } from '@web/features/fund-account/components/BillCard.tsx';
import { monthOf } from '@web/features/fund-account/model/month.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/fund-account/fund-account.css';

/** Monthly bills: a month (or every month), a card per holding and month, the CSV of what is shown. */
export default function FoundBillsPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<string | null>(null);
  const bills = useFundBills(month ?? undefined);
  const download = useDownloadBillsCsv();
  return (
    <div className="page fund-account fund-bills">
      <div className="fund-bills-bar">
        <DateField
          precision="month"
          label={t('fund.bills.month')}
          value={month}
          max={monthOf(new Date())}
          onChange={setMonth}
          onClear={() => setMonth(null)}
          clearLabel={t('fund.bills.allMonths')}
          placeholder={t('fund.bills.allMonths')}
          pickerLabel={t('fund.bills.chooseMonth')}
          testId="fund-bills-month"
        />
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        data-testid="fund-bills-csv"
        disabled={download.isPending}
        aria-busy={download.isPending}
        onClick={() => download.mutate(month ?? undefined)}
      >
        {download.isPending ? t('common.loading') : t('fund.bills.download')}
      </button>
      <p className="muted small">{t('fund.bills.note')}</p>
      <PagedList
        items={flattenBills(bills.data?.pages)}
        itemKey={(bill) => bill.bill_id}
        {...pagingProps(bills)}
        testId="fund-bill-list"
        renderItem={(bill) => <BillCard bill={bill} />}
      />
    </div>
  );
}
