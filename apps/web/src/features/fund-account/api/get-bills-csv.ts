import { useMutation } from '@tanstack/react-query';
import { fetchCsv, saveBlob } from '@web/lib/download.ts';
import { errorText } from '@web/lib/errors.ts';
import { toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';

/** The file name a month's CSV (or every month's) is saved under. */
export const billsFileName = (month: string | undefined) => `fund-bills-${month ?? 'all'}.csv`;

/**
 * GET /funds/bills.csv?month: text/csv, not the envelope, so not through `request`: fetched with the session's
 * headers and handed back as a Blob. A failure is a RequestError (its text is the request's).
 */
export function getBillsCsv(month: string | undefined): Promise<Blob> {
  return fetchCsv('/funds/bills.csv', month ? { month } : undefined);
}

/** Downloads the month's bills as CSV; a failure shows once, as a toast (a write-like action). */
export function useDownloadBillsCsv() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (month: string | undefined) => saveBlob(await getBillsCsv(month), billsFileName(month)),
    onError: (error) => void toast(errorText(error, t)),
  });
}
