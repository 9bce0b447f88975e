import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeMovement, makeSummary, SERVER_NOW } from '@web/features/earn/testing/fixtures.ts';
import { formatEventTime } from '@web/lib/format.ts';
import { t } from '@web/lib/i18n/index.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EarnTransferOutPage from './EarnTransferOutPage.tsx';

const SLOW = { timeout: 5000 };
const type = (value: string) => fireEvent.change(screen.getByTestId('earn-amount'), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('earn-submit'));
/** A button of the confirmation (antd's modal). */
const modalButton = (label: string) => {
  const button = [...document.querySelectorAll<HTMLElement>('.adm-modal-button')].find(
    (b) => b.textContent === label,
  );
  if (!button) throw new Error(`no modal button ${label}`);
  return button;
};
const fieldError = () => screen.queryByTestId('earn-amount-error')?.textContent ?? null;

const FAST_AT = '2026-03-10T08:05:00.000Z';
const SLOW_AT = '2026-03-13T08:00:00.000Z';
const at = (iso: string) => formatEventTime(iso, t);

/** The fake server: summary, the arrival preview (fast below 1 000), the transfer out. */
function stubServer(
  transferOut: ApiHandler = () => ok({ movement: makeMovement(), summary: makeSummary() }),
) {
  return stubApi({
    'GET /api/v1/earn/summary': () => ok(makeSummary()),
    'GET /api/v1/earn/transfer-out/preview': (url) => {
      const amount = url.searchParams.get('amount') ?? '';
      const fast = Number(amount) < 1000;
      return ok({ amount_usdt: amount, fast, arrives_at: fast ? FAST_AT : SLOW_AT, server_time: SERVER_NOW });
    },
    'POST /api/v1/earn/transfer-out': transferOut,
  });
}
type Calls = ReturnType<typeof stubServer>;
const posts = (calls: Calls) => calls.filter((c) => c.method === 'POST').map((c) => c.body);
const previews = (calls: Calls) =>
  calls.filter((c) => c.path === '/api/v1/earn/transfer-out/preview').map((c) => c.query.get('amount'));

async function open() {
  const rendered = renderPage(<EarnTransferOutPage />, '/pages/easyEarn/transferOut');
  await screen.findByTestId('earn-form-limit');
  return rendered;
}

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(cleanupPage);

describe('simple earn: transfer out', () => {
  it("shows the holding and the arrival rule; 'Max' fills the holding; above it, the maximum", async () => {
    const calls = stubServer();
    await open();
    expect(screen.getByTestId('earn-form-limit').textContent).toBe('Holding: 1,200.25 USDT');
    expect(screen.getByTestId('earn-out-rule').textContent).toBe(
      'Below 1,000.00 USDT a transfer out arrives in about 5 minutes; from 1,000.00 USDT, in about 3 days. It earns nothing on the way.',
    );
    fireEvent.click(screen.getByTestId('earn-fill'));
    expect(screen.getByTestId('earn-fill').textContent).toBe('Max');
    expect(screen.getByTestId<HTMLInputElement>('earn-amount').value).toBe('1200.25');
    expect(fieldError()).toBeNull();
    type('1200.250001');
    expect(fieldError()).toBe('The maximum is 1,200.25 USDT');
    submit();
    type('');
    submit();
    await waitFor(() => expect(fieldError()).toBe('Please enter an amount'));
    type('1,000');
    expect(fieldError()).toBe('Please enter a valid amount');
    await new Promise((r) => setTimeout(r, 400));
    expect(posts(calls)).toEqual([]);
    // only amounts the form accepts are previewed
    expect(previews(calls).filter((a) => a !== '1200.25')).toEqual([]);
  });

  it('says when it arrives before confirming (minutes below 1 000, days from it), then confirms with amount and arrival', async () => {
    const calls = stubServer();
    const shown = vi.spyOn(Toast, 'show');
    const { router } = await open();
    type('1000');
    await waitFor(() =>
      expect(screen.getByTestId('earn-out-preview').textContent).toBe(`Arrives around ${at(SLOW_AT)}`),
    );
    type('300');
    await waitFor(() => {
      const preview = screen.getByTestId('earn-out-preview');
      expect(preview.textContent).toBe(`Arrives around ${at(FAST_AT)}`);
      expect(preview.getAttribute('aria-busy')).toBe('false');
    });
    expect(posts(calls)).toEqual([]);
    submit();
    const text = await screen.findByTestId('earn-confirm-text', undefined, SLOW);
    expect(text.textContent).toBe(
      // The date's hyphens do not break (U+2011).
      `Transfer out 300.00 USDT? It arrives in your available balance around ${at(FAST_AT).replaceAll('-', '\u2011')}.`,
    );
    expect(posts(calls)).toEqual([]);
    fireEvent.click(modalButton('Transfer Out'));
    await waitFor(
      () =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
          '/pages/easyEarn/result?id=7',
        ),
      SLOW,
    );
    expect(posts(calls)).toEqual([{ amount: '300' }]);
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Transfer Out Successful' })),
    );
    shown.mockRestore();
  });

  it('cancelling the confirmation sends nothing and stays', async () => {
    const calls = stubServer();
    const { router } = await open();
    type('20');
    submit();
    await screen.findByTestId('earn-confirm-text', undefined, SLOW);
    fireEvent.click(modalButton('Cancel'));
    await waitFor(() => expect(screen.getByTestId('earn-submit').getAttribute('aria-busy')).toBe('false'));
    expect(posts(calls)).toEqual([]);
    expect(router.state.location.pathname).toBe('/pages/easyEarn/transferOut');
  });

  it("shows the server's message when it refuses", async () => {
    const calls = stubServer(() => fail(400, 'The maximum is 1200.25 USDT'));
    await open();
    type('20');
    submit();
    await screen.findByTestId('earn-confirm-text', undefined, SLOW);
    fireEvent.click(modalButton('Transfer Out'));
    await waitFor(() => expect(fieldError()).toBe('The maximum is 1200.25 USDT'), SLOW);
    expect(posts(calls)).toEqual([{ amount: '20' }]);
  });
});
