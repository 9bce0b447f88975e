import { useMutation } from '@tanstack/react-query';
import { fetchCsv, saveBlob } from '@web/lib/download.ts';
import { errorText } from '@web/lib/errors.ts';
import { toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../model/range.ts';

/** The file name the server gives the range's CSV (its content-disposition). */
export const csvFileName = (r: DayRange) => `analytics-${r.from}-to-${r.to}.csv`;

/**
 * GET /admin/analytics/csv?from&to: text/csv, not the envelope, so not through `request`: fetched with the session's
 * headers and handed back as a Blob. A failure is a RequestError.
 */
export function getAnalyticsCsv(r: DayRange): Promise<Blob> {
  return fetchCsv('/admin/analytics/csv', { from: r.from, to: r.to });
}

/** Downloads the range as CSV; a failure shows once, as a toast. */
export function useDownloadAnalyticsCsv() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (r: DayRange) => saveBlob(await getAnalyticsCsv(r), csvFileName(r)),
    onError: (error) => void toast(errorText(error, t)),
  });
}
