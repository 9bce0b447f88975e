import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { authHeaders, buildUrl, CLIENT_DEFAULT_TIMEOUT, RequestError } from '../../../lib/request.ts';
import { toast } from '../../../lib/ui.ts';

/** The file name a month's CSV (or every month's) is saved under. */
export const billsFileName = (month: string | undefined) => `fund-bills-${month ?? 'all'}.csv`;

/**
 * GET /funds/bills.csv?month: text/csv, not the envelope, so not through `request`: fetched with the session's
 * headers and handed back as a Blob. A failure is a RequestError (its text is the request's).
 */
export async function getBillsCsv(month: string | undefined): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CLIENT_DEFAULT_TIMEOUT);
  let response: Response;
  try {
    response = await fetch(buildUrl('/funds/bills.csv', month ? { month } : undefined), {
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

/** Downloads the month's bills as CSV; a failure shows once, as a toast (a write-like action). */
export function useDownloadBillsCsv() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (month: string | undefined) => saveBlob(await getBillsCsv(month), billsFileName(month)),
    onError: (error) => void toast(errorText(error, t)),
  });
}
