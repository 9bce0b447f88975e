import { fireEvent, screen, waitFor } from '@testing-library/react';
import { earningStartsOn } from '@web/features/earn/model/amount.ts';
import { makeMovement, makeSummary, SERVER_NOW } from '@web/features/earn/testing/fixtures.ts';
import { unbroken } from '@web/lib/format.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EarnTransferInPage from './EarnTransferInPage.tsx';

const SLOW = { timeout: 5000 };
const type = (value: string) => fireEvent.change(screen.getByTestId('earn-amount'), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('earn-submit'));
const fieldError = () => screen.queryByTestId('earn-amount-error')?.textContent ?? null;
/** A button of the confirmation (antd's modal). */
const modalButton = async (label: string) => {
  await screen.findByTestId('earn-confirm-in-text', undefined, SLOW);
  const button = [...document.querySelectorAll<HTMLElement>('.adm-modal-button')].find(
    (b) => b.textContent === label,
  );
  if (!button) throw new Error(`no modal button ${label}`);
  return button;
};

function stubServer(transferIn: ApiHandler = () => ok({ movement: makeMovement(), summary: makeSummary() })) {
  return stubApi({
    'GET /api/v1/earn/summary': () => ok(makeSummary()),
    'POST /api/v1/earn/transfer-in': transferIn,
  });
}
const posts = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((c) => c.method === 'POST').map((c) => c.body);

/** The page opened from the simple-earn page (so that "back" has somewhere to go: the browser router's idx). */
async function open() {
  const rendered = renderPage(<EarnTransferInPage />, '/pages/easyEarn/index');
  await rendered.router.navigate('/pages/easyEarn/transferIn');
  window.history.replaceState({ idx: 1 }, '');
  await screen.findByTestId('earn-form-limit');
  return rendered;
}

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(async () => {
  window.history.replaceState(null, '');
  await cleanupPage();
});

describe('simple earn: transfer in', () => {
  it("shows the available USDT; 'All' fills it", async () => {
    stubServer();
    await open();
    expect(screen.getByTestId('earn-form-limit').textContent).toBe('Available: 80.50 USDT');
    expect(screen.getByTestId('earn-fill').textContent).toBe('All');
    fireEvent.click(screen.getByTestId('earn-fill'));
    expect(screen.getByTestId<HTMLInputElement>('earn-amount').value).toBe('80.5');
    expect(screen.getByLabelText('Amount (USDT)')).toBe(screen.getByTestId('earn-amount'));
  });

  it("says the spec's messages before sending anything: 'Please enter an amount', 'Please enter a valid amount'", async () => {
    const calls = stubServer();
    await open();
    expect(fieldError()).toBeNull(); // nothing said before the member tries
    submit();
    await waitFor(() => expect(fieldError()).toBe('Please enter an amount'));
    // The same message for each condition as every amount form of the app (7 decimals: "at most 6").
    for (const [bad, said] of [
      ['abc', 'Please enter a valid amount'],
      ['1e3', 'Please enter a valid amount'],
      ['0', 'The amount must be greater than 0'],
      ['-5', 'The amount must be greater than 0'],
      ['1.1234567', 'This amount allows at most 6 decimal places'],
    ]) {
      type(bad as string);
      expect(fieldError(), bad).toBe(said);
      submit();
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(calls)).toEqual([]);
    expect(screen.getByTestId('earn-amount').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks first, naming the amount, the APY paid now and the day it starts earning; Cancel sends nothing', async () => {
    const calls = stubServer();
    await open();
    type('50.25');
    submit();
    expect((await screen.findByTestId('earn-confirm-in-text', undefined, SLOW)).textContent).toBe(
      `50.25 USDT moves from your available balance into simple earn. It earns 12% a year at today's rate, from ${unbroken(earningStartsOn(SERVER_NOW))} (UTC) on; each day pays on the smaller of that day's opening and closing holding.`,
    );
    fireEvent.click(await modalButton('Cancel'));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(calls)).toEqual([]);
  });

  it("sends the amount, toasts 'Transfer In Successful' and goes back to the simple-earn page", async () => {
    const calls = stubServer();
    const shown = vi.spyOn(Toast, 'show');
    const { router } = await open();
    type(' 50.25 ');
    submit();
    fireEvent.click(await modalButton('Transfer in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/easyEarn/index'), SLOW);
    expect(posts(calls)).toEqual([{ amount: '50.25' }]);
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Transfer In Successful' })),
    );
    shown.mockRestore();
  });

  it("shows the server's message when it refuses, stays, and clears it when the amount changes", async () => {
    const calls = stubServer(() => fail(400, 'The balance is insufficient'));
    const { router } = await open();
    type('5000');
    submit();
    fireEvent.click(await modalButton('Transfer in'));
    await waitFor(() => expect(fieldError()).toBe('The balance is insufficient'));
    expect(posts(calls)).toEqual([{ amount: '5000' }]);
    expect(router.state.location.pathname).toBe('/pages/easyEarn/transferIn');
    type('50');
    expect(fieldError()).toBeNull();
  });

  it('a failed summary says why, with a retry; the form still checks and sends', async () => {
    let down = true;
    stubApi({
      'GET /api/v1/earn/summary': () => (down ? fail(500, 'Summary down') : ok(makeSummary())),
      'POST /api/v1/earn/transfer-in': () => ok({ movement: makeMovement(), summary: makeSummary() }),
    });
    renderPage(<EarnTransferInPage />, '/pages/easyEarn/transferIn');
    const error = await screen.findByTestId('earn-form-error');
    expect(error.textContent).toContain('Summary down');
    expect(screen.getByTestId<HTMLButtonElement>('earn-fill').disabled).toBe(true);
    down = false;
    fireEvent.click(screen.getByText('Retry'));
    expect((await screen.findByTestId('earn-form-limit')).textContent).toBe('Available: 80.50 USDT');
  });
});
