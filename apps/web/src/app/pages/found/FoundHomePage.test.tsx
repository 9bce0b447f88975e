import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRODUCTS } from '@web/features/funds/test/fund-fixtures.ts';
import { paths } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed, expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import FoundHomePage from './FoundHomePage.tsx';

afterEach(cleanupPage);

const base = { 'GET /api/v1/config': () => ok(CONFIG) };

describe('found home (Products)', () => {
  it('lists the funds on sale: name, translated risk, expected yield, lock, minimum, latest NAV and its day', async () => {
    stubApi({ ...base, 'GET /api/v1/funds/products': () => ok({ list: PRODUCTS }) });
    renderPage(<FoundHomePage />, paths.fundProducts);
    expect(screen.getByTestId('fund-products-loading')).toBeTruthy();
    const steady = await screen.findByTestId('fund-product-7');
    expect(steady.textContent).toContain('Steady Income');
    expect(within(steady).getByTestId('fund-product-risk').getAttribute('data-risk')).toBe('Low');
    expectTexts(
      'fund-product',
      {
        risk: 'Low',
        yield: '6.2%',
        lock: '30 days',
        minimum: '100.00 USDT',
        nav: '1.02345678',
        'nav-day': '2026-11-23',
      },
      steady,
    );
    const growth = screen.getByTestId('fund-product-8');
    expectTexts('fund-product', { risk: 'High', nav: 'Not published yet' }, growth);
    // off sale: not listed
    expect(screen.queryByTestId('fund-product-9')).toBeNull();
    // the Products tab is active and stored as the found-tab key
    expect(screen.getByTestId('found-tab-products').getAttribute('aria-selected')).toBe('true');
    expect(localStorage.getItem('foundTab')).toBe('0');
  });

  it('opens a fund’s detail', async () => {
    stubApi({ ...base, 'GET /api/v1/funds/products': () => ok({ list: PRODUCTS }) });
    const { router } = renderPage(<FoundHomePage />, paths.fundProducts);
    fireEvent.click(await screen.findByTestId('fund-product-8'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fundProductDetail));
    expect(router.state.location.search).toBe('?id=8');
  });

  it('shows an empty state without funds on sale, and Load Failed with the reason when the list fails', async () => {
    stubApi({ ...base, 'GET /api/v1/funds/products': () => ok({ list: [PRODUCTS[2]] }) });
    renderPage(<FoundHomePage />, paths.fundProducts);
    expect((await screen.findByTestId('fund-products-empty')).textContent).toContain('No funds on sale yet.');
    await cleanupPage();

    stubApi({ ...base, 'GET /api/v1/funds/products': () => fail(500, 'Funds are resting') });
    renderPage(<FoundHomePage />, paths.fundProducts);
    await expectLoadFailed('fund-products-error', 'Funds are resting');
  });
});
