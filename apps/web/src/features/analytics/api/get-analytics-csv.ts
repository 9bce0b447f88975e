import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { authHeaders, buildUrl, CLIENT_DEFAULT_TIMEOUT, RequestError } from '../../../lib/request.ts';
import { toast } from '../../../lib/ui.ts';
import type { DayRange } from '../model/range.ts';

/** The file name the server gives the range's CSV (its content-disposition). */
export const csvFileName = (r: DayRange) => `analytics-${r.from}-to-${r.to}.csv`;

/**
 * GET /admin/analytics/csv?from&to: text/csv, not the envelope, so not through `request`: fetched with the session's
 * headers and handed back as a Blob. A failure is a RequestError.
 */
export async function getAnalyticsCsv(r: DayRange): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CLIENT_DEFAULT_TIMEOUT);
  let response: Response;
  try {
    response = await fetch(buildUrl('/admin/analytics/csv', r), {
      headers: { Accept: 'text/csv', ...authHeaders() },
      signal: controller.signal,
    });
  } catch (cause) {
    throw new RequestError('network', 5, 'network error', { cause });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new RequestError('http', response.status, `http ${response.status}`);
  return response.blob();
}

/** Saves a Blob as a download (an object URL on a temporary link). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the range as CSV; a failure shows once, as a toast. */
export function useDownloadAnalyticsCsv() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (r: DayRange) => saveBlob(await getAnalyticsCsv(r), csvFileName(r)),
    onError: (error) => void toast(errorText(error, t)),
  });
}
