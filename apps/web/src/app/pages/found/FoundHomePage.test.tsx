import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRODUCTS } from '@web/features/funds/test/fund-fixtures.ts';
import { paths } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
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
    const q = (el: HTMLElement, id: string) => within(el).getByTestId(id).textContent;
    expect(steady.textContent).toContain('Steady Income');
    expect(q(steady, 'fund-product-risk')).toBe('Low');
    expect(within(steady).getByTestId('fund-product-risk').getAttribute('data-risk')).toBe('Low');
    expect(q(steady, 'fund-product-yield')).toBe('6.2%');
    expect(q(steady, 'fund-product-lock')).toBe('30 days');
    expect(q(steady, 'fund-product-minimum')).toBe('100.00 USDT');
    expect(q(steady, 'fund-product-nav')).toBe('1.02345678');
    expect(q(steady, 'fund-product-nav-day')).toBe('2026-11-23');
    const growth = screen.getByTestId('fund-product-8');
    expect(q(growth, 'fund-product-risk')).toBe('High');
    expect(q(growth, 'fund-product-nav')).toBe('Not published yet');
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
