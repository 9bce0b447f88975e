import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeEarning, pageOf } from '@web/features/fund-account/testing/fixtures.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, callsTo, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import FoundIncomePage from './FoundIncomePage.tsx';

const PATH = '/pages/found/foundIncome/index';
const AGENT = {
  fund_level: 2,
  fund_available_profit: '75.5',
  totals: { Interest: '10', ReferralReward: '50', TeamReward: '12.5', PairingReward: '3' },
  team_volume_usdt: '25000',
  next_level_threshold_usdt: '50000',
};

afterEach(cleanupPage);

function server(extra: Record<string, ApiHandler> = {}) {
  return stubApi({
    'GET /api/v1/funds/agent': () => ok(AGENT),
    'GET /api/v1/funds/earnings': () =>
      ok(pageOf([makeEarning(), makeEarning({ id: '42', kind: 'Interest', source: null })])),
    ...extra,
  });
}

describe('found income (agent)', () => {
  it('shows fund level, available profit, totals by kind, team volume and next level; the earnings', async () => {
    server();
    renderPage(<FoundIncomePage />, PATH);
    await screen.findByTestId('fund-agent-level');
    expectTexts('fund-agent', {
      level: 'Fund level 2',
      available: '75.50 USDT',
      'total-Interest': '10.00 USDT',
      'total-ReferralReward': '50.00 USDT',
      'total-TeamReward': '12.50 USDT',
      'total-PairingReward': '3.00 USDT',
      'team-volume': '25,000.00 USDT',
      'next-level': '50,000.00 USDT',
    });
    const earning = await screen.findByTestId('fund-earning-41');
    expectTexts(
      'fund-earning',
      { kind: 'Referral reward', amount: '+50.00 USDT', source: '0x1234…abcd' },
      earning,
    );
    expect(
      screen.getByTestId('fund-earning-42').querySelector('[data-testid="fund-earning-source"]'),
    ).toBeNull();
    expect(useWalletStore.getState().foundTab).toBe(2);
  });

  it('filters the earnings by kind', async () => {
    const calls = server();
    renderPage(<FoundIncomePage />, PATH);
    await screen.findByTestId('fund-earning-41');
    fireEvent.click(screen.getByTestId('fund-kind-PairingReward'));
    await waitFor(() =>
      expect(callsTo(calls, '/api/v1/funds/earnings').at(-1)?.query.get('kind')).toBe('PairingReward'),
    );
  });

  it('Move to available: empty, invalid and more than available are refused with the spec’s messages; nothing posted', async () => {
    const calls = server();
    renderPage(<FoundIncomePage />, PATH);
    const input = (await screen.findByTestId('fund-move-amount')) as HTMLInputElement;
    const submit = () => fireEvent.click(screen.getByTestId('fund-move-submit'));
    const error = () => screen.getByTestId('fund-move-error').textContent;
    submit();
    expect(error()).toBe('Please enter an amount');
    for (const text of ['abc', '0', '-1', '1.1234567']) {
      fireEvent.change(input, { target: { value: text } });
      submit();
      expect(error(), text).toBe('Please enter a valid amount');
    }
    fireEvent.change(input, { target: { value: '75.500001' } });
    submit();
    expect(error()).toBe('The amount is more than your fund available profit');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('Max fills the available profit and the move posts it; the figures are read again', async () => {
    const calls = server({
      'POST /api/v1/funds/earnings/move': () =>
        ok({ moved_usdt: '75.5', fund_available_profit: '0', available_usdt: '175.5' }),
    });
    renderPage(<FoundIncomePage />, PATH);
    await screen.findByTestId('fund-move-amount');
    fireEvent.click(screen.getByTestId('fund-move-max'));
    fireEvent.click(screen.getByTestId('fund-move-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: '75.5' }));
    expect(await screen.findByText('75.50 USDT moved to your available balance')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/funds/agent').length).toBe(2));
  });

  it('shows the server’s refusal under the field, once', async () => {
    server({ 'POST /api/v1/funds/earnings/move': () => fail(400, 'Insufficient fund available profit') });
    renderPage(<FoundIncomePage />, PATH);
    const input = await screen.findByTestId('fund-move-amount');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('fund-move-submit'));
    expect((await screen.findByTestId('fund-move-error')).textContent).toBe(
      'Insufficient fund available profit',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Insufficient fund available profit')).toHaveLength(1);
  });

  it('a failed agent read shows inline with the earnings still there', async () => {
    server({ 'GET /api/v1/funds/agent': () => fail(500, 'Agent down') });
    renderPage(<FoundIncomePage />, PATH);
    expect((await screen.findByTestId('fund-agent-error')).textContent).toContain('Agent down');
    expect(await screen.findByTestId('fund-earning-41')).toBeTruthy();
  });
});
