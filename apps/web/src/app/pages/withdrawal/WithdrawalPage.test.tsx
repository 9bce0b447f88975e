import type { WithdrawLimit } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PREVIEW_DELAY_MS } from '@web/features/withdraw/hooks/use-withdraw-form.tsx';
import { checkAnswer, makeLimit, makeWithdrawal } from '@web/features/withdraw/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WithdrawalPage from './WithdrawalPage.tsx';

const text = (testId: string) => screen.getByTestId(testId).textContent;
/** antd's modals and toasts load their module on first use: slow on a busy machine. */
const SLOW = { timeout: 5000 };
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('withdraw-submit'));

type Standing = Parameters<typeof checkAnswer>[1];

/**
 * The fake server: withdraw/limit (`limitFails`: a 500 instead), withdraw/check computed from the limit's
 * standing (or from `checkStanding`: the server's figures have changed since), POST withdraw.
 */
function stubServer(
  options: {
    limit?: WithdrawLimit;
    limitFails?: boolean;
    checkStanding?: Standing;
    withdraw?: ApiHandler;
  } = {},
) {
  const limit = options.limit ?? makeLimit();
  const standing = (t: number) => {
    const found = limit.limits.find((l) => l.type === t);
    if (!found) throw new Error(`no limit of type ${t}`);
    return found;
  };
  return stubApi({
    'GET /api/v1/withdraw/limit': () => (options.limitFails ? fail(500, 'Database unavailable') : ok(limit)),
    'POST /api/v1/withdraw/check': (_url, body) => {
      const b = body as { amount: string; type: number };
      return ok(checkAnswer(b, options.checkStanding ?? standing(b.type)));
    },
    'POST /api/v1/withdraw':
      options.withdraw ??
      ((_url, body) => {
        const b = body as { amount: string; type: number };
        const check = checkAnswer(b, standing(b.type));
        return ok(
          makeWithdrawal({
            withdraw_id: '12',
            id: '12',
            type: check.type,
            asset: check.asset,
            amount: check.amount,
            service_fee: check.fee,
            received: check.received,
          }),
        );
      }),
  });
}

const posted = (calls: ReturnType<typeof stubApi>, path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

/** Closes the open modal with its `button`: the form can be submitted again and no withdrawal was requested. */
async function closeSendingNothing(calls: ReturnType<typeof stubApi>, button: string) {
  fireEvent.click(await screen.findByText(button, undefined, SLOW));
  await waitFor(
    () => expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(false),
    SLOW,
  );
  expect(posted(calls, '/api/v1/withdraw')).toEqual([]);
}

async function openPage(url = '/pages/withdrawal/index') {
  const page = renderPage(<WithdrawalPage />, url);
  await waitFor(() => expect(text('withdraw-available')).toMatch(/\d/));
  return page;
}

afterEach(cleanupPage);

describe('withdrawal page', () => {
  it('shows the available balance and today’s remaining limit of the chosen asset', async () => {
    stubServer({ limit: makeLimit({ remaining: '700', used: '300' }) });
    await openPage();
    expect(screen.getByTestId('withdraw-type-1').getAttribute('aria-selected')).toBe('true');
    expect(text('withdraw-available')).toBe('250.50 USDT');
    expect(text('withdraw-remaining')).toBe('700.00 USDT');
    expect(text('withdraw-daily-limit')).toBe('1,000.00 USDT');
    fireEvent.click(screen.getByTestId('withdraw-type-2'));
    expect(screen.getByTestId('withdraw-type-2').getAttribute('aria-selected')).toBe('true');
    expect(text('withdraw-available')).toBe('40.00 AGC');
    expect(text('withdraw-remaining')).toBe('5,000.00 AGC');
  });

  it('says "Please enter an amount" when submitted empty, and asks the server nothing', async () => {
    const calls = stubServer();
    await openPage();
    expect(screen.queryByTestId('withdraw-amount-error')).toBeNull();
    submit();
    expect(text('withdraw-amount-error')).toBe('Please enter an amount');
    expectFieldError(screen.getByTestId('withdraw-amount-error'), screen.getByTestId('withdraw-amount'));
    type('   ');
    expect(text('withdraw-amount-error')).toBe('Please enter an amount');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says "The balance is insufficient" over the USDT available, "The token balance is insufficient" over the AGC one', async () => {
    const calls = stubServer();
    await openPage();
    type('250.500001');
    expect(text('withdraw-amount-error')).toBe('The balance is insufficient');
    submit();
    expect(text('withdraw-amount-error')).toBe('The balance is insufficient');
    type('250.5');
    expect(screen.queryByTestId('withdraw-amount-error')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-type-2'));
    expect(screen.getByTestId<HTMLInputElement>('withdraw-amount').value).toBe(''); // a new asset starts empty
    type('40.000000000000000001');
    expect(text('withdraw-amount-error')).toBe('The token balance is insufficient');
    submit();
    expect(posted(calls, '/api/v1/withdraw')).toEqual([]);
  });

  it('explains other bad amounts with the server’s rule (decimals of the asset, zero)', async () => {
    stubServer();
    await openPage();
    type('1.1234567');
    expect(text('withdraw-amount-error')).toBe('This amount allows at most 6 decimal places');
    type('0');
    expect(text('withdraw-amount-error')).toBe('The amount must be greater than 0');
    type('12,5');
    expect(text('withdraw-amount-error')).toBe('Please enter a valid amount');
  });

  it('shows the fee and the amount received from withdraw/check while typing', async () => {
    // a minimum below the small amount typed here
    const calls = stubServer({ limit: makeLimit({ minimum: '0.000001' }) });
    await openPage();
    type('100');
    await waitFor(() => expect(text('withdraw-fee')).toBe('2.00 USDT'), SLOW);
    expect(text('withdraw-received')).toBe('98.00 USDT');
    expect(screen.getByText('Service fee (2%)')).toBeTruthy();
    type('0.123457');
    await waitFor(() => expect(text('withdraw-fee')).toBe('0.002469 USDT'), SLOW);
    expect(text('withdraw-received')).toBe('0.120988 USDT');
    // asked once per amount, after typing paused
    expect(posted(calls, '/api/v1/withdraw/check')).toEqual([
      { amount: '100', type: 1 },
      { amount: '0.123457', type: 1 },
    ]);
  });

  it('shows the asset minimum by the amount and refuses less with the server’s message, asking nothing', async () => {
    const calls = stubServer({ limit: makeLimit({}, { minimum: '0.5' }) });
    await openPage();
    expect(text('withdraw-minimum')).toBe('Minimum withdrawal: 1.00 USDT');
    type('0.999999');
    expect(text('withdraw-amount-error')).toBe('The minimum withdrawal is 1 USDT');
    submit();
    expect(text('withdraw-amount-error')).toBe('The minimum withdrawal is 1 USDT');
    // past the preview's pause: still nothing asked, neither the check nor the request
    await new Promise((r) => setTimeout(r, PREVIEW_DELAY_MS + 100));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    type('1');
    expect(screen.queryByTestId('withdraw-amount-error')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-type-2'));
    expect(text('withdraw-minimum')).toBe('Minimum withdrawal: 0.50 AGC');
    type('0.4');
    expect(text('withdraw-amount-error')).toBe('The minimum withdrawal is 0.5 AGC');
  });

  it('shows the server’s minimum refusal when the form could not know the minimum', async () => {
    const calls = stubServer({
      limitFails: true,
      checkStanding: { available: '250.5', remaining: '1000', minimum: '1' },
    });
    renderPage(<WithdrawalPage />, '/pages/withdrawal/index');
    await screen.findByTestId('withdraw-limit-error');
    expect(screen.queryByTestId('withdraw-minimum')).toBeNull();
    type('0.5');
    submit();
    await waitFor(() => expect(text('withdraw-amount-error')).toBe('The minimum withdrawal is 1 USDT'), SLOW);
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(posted(calls, '/api/v1/withdraw')).toEqual([]);
  });

  it('max fills the whole available balance', async () => {
    stubServer();
    await openPage();
    fireEvent.click(screen.getByTestId('withdraw-max'));
    expect(screen.getByTestId<HTMLInputElement>('withdraw-amount').value).toBe('250.5');
  });

  it('confirms with the fee and amount received, submits and opens the success page, without a toast over it', async () => {
    const calls = stubServer();
    const toastShown = vi.spyOn(Toast, 'show');
    const { router } = await openPage('/pages/withdrawal/index?type=2');
    expect(screen.getByTestId('withdraw-type-2').getAttribute('aria-selected')).toBe('true');
    type('12.5');
    submit();
    const confirm = await screen.findByTestId('withdraw-confirm', undefined, SLOW);
    expect(confirm.querySelector('[data-testid="withdraw-confirm-amount"]')?.textContent).toBe('12.50 AGC');
    expect(confirm.querySelector('[data-testid="withdraw-confirm-fee"]')?.textContent).toBe('0.25 AGC');
    expect(confirm.querySelector('[data-testid="withdraw-confirm-received"]')?.textContent).toBe('12.25 AGC');
    expect(posted(calls, '/api/v1/withdraw')).toEqual([]);
    fireEvent.click(await screen.findByText('Confirm', undefined, SLOW));
    await waitFor(
      () =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
          '/pages/withdrawal/withdrawalSunccess?withdraw_id=12',
        ),
      SLOW,
    );
    expect(posted(calls, '/api/v1/withdraw')).toEqual([{ type: 2, amount: '12.5' }]);
    // One message: the success page's title says it; no toast on top of it.
    await new Promise((r) => setTimeout(r, 50));
    expect(toastShown).not.toHaveBeenCalled();
    expect(screen.queryByText('Withdrawal request submitted')).toBeNull();
    toastShown.mockRestore();
  });

  it.each([
    { name: 'cancelling the confirmation', limit: makeLimit(), amount: '10', modal: 'withdraw-confirm' },
    {
      name: 'over the daily limit, declining',
      limit: makeLimit({ remaining: '30', used: '970' }),
      amount: '100',
      modal: 'withdraw-limit-prompt',
    },
  ])('$name sends nothing', async ({ limit, amount, modal }) => {
    const calls = stubServer({ limit });
    await openPage();
    type(amount);
    submit();
    await screen.findByTestId(modal, undefined, SLOW);
    await closeSendingNothing(calls, 'Cancel');
  });

  it('over the daily limit says today’s remaining amount and continues with it', async () => {
    const calls = stubServer({ limit: makeLimit({ remaining: '30', used: '970' }) });
    const { router } = await openPage();
    type('100');
    await waitFor(
      () => expect(text('withdraw-check-msg')).toBe("Today's remaining withdrawal amount is 30 USDT"),
      SLOW,
    );
    submit();
    const prompt = await screen.findByTestId('withdraw-limit-prompt', undefined, SLOW);
    expect(prompt.getAttribute('data-remaining')).toBe('30');
    expect(prompt.querySelector('p')?.textContent).toBe(
      "Today's remaining withdrawal amount is 30.00 USDT. Continue with this amount?",
    );
    // the fee and the amount received of what will be sent
    expect(prompt.querySelector('[data-testid="withdraw-limit-fee"]')?.textContent).toBe('0.60 USDT');
    expect(prompt.querySelector('[data-testid="withdraw-limit-received"]')?.textContent).toBe('29.40 USDT');
    fireEvent.click(await screen.findByText('Continue', undefined, SLOW));
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/pages/withdrawal/withdrawalSunccess'),
      SLOW,
    );
    expect(posted(calls, '/api/v1/withdraw')).toEqual([{ type: 1, amount: '30' }]);
  });

  it('with nothing left today it says so, with no way to continue', async () => {
    const calls = stubServer({ limit: makeLimit({ remaining: '0', used: '1000' }) });
    await openPage();
    type('5');
    submit();
    const prompt = await screen.findByTestId('withdraw-limit-prompt', undefined, SLOW);
    expect(prompt.textContent).toBe(
      "Today's remaining withdrawal amount is 0.00 USDT. Please try again tomorrow.",
    );
    expect(screen.queryByText('Continue')).toBeNull();
    await closeSendingNothing(calls, 'OK');
  });

  it('shows the server’s message when the request is refused', async () => {
    stubServer({ withdraw: () => fail(400, 'The balance is insufficient') });
    const { router } = await openPage();
    type('10');
    submit();
    fireEvent.click(await screen.findByText('Confirm', undefined, SLOW));
    await waitFor(() => expect(text('withdraw-amount-error')).toBe('The balance is insufficient'), SLOW);
    expect(router.state.location.pathname).toBe('/pages/withdrawal/index');
    expect(screen.queryByText('Withdrawal request submitted')).toBeNull();
  });

  it('shows the check’s refusal when the balance changed meanwhile', async () => {
    // the limit still shows 250.5 but the server's balance is lower now
    stubServer({ checkStanding: { available: '5', remaining: '1000' } });
    await openPage();
    type('10');
    submit();
    await waitFor(() => expect(text('withdraw-amount-error')).toBe('The balance is insufficient'), SLOW);
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
  });

  it('says why the balance could not be loaded and leaves the balance check to the server', async () => {
    const calls = stubServer({ limitFails: true, checkStanding: { available: '5', remaining: '1000' } });
    renderPage(<WithdrawalPage />, '/pages/withdrawal/index');
    expect((await screen.findByTestId('withdraw-limit-error')).textContent).toContain('Database unavailable');
    type('10');
    submit();
    await waitFor(() => expect(text('withdraw-amount-error')).toBe('The balance is insufficient'), SLOW);
    expect(posted(calls, '/api/v1/withdraw/check').at(-1)).toEqual({ amount: '10', type: 1 });
  });
});
