// Files the member downloads: a CSV the server writes (not the {code,msg,data} envelope, so not through `request`),
// or a file the app makes (a keystore). One way to fetch them and one way to save them.
import { authHeaders, buildUrl, CLIENT_DEFAULT_TIMEOUT, RequestError } from './request.ts';

/**
 * GET `path?query` as text/csv with the session's headers, handed back as a Blob. A network failure or timeout is a
 * RequestError('network'), an HTTP error a RequestError('http', status).
 */
export async function fetchCsv(path: string, query?: Record<string, string>): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CLIENT_DEFAULT_TIMEOUT);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
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

/** Saves a Blob as a download named `fileName` (an object URL on a temporary link, revoked afterwards). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
