import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupPage } from '../../../test/cleanup.ts';
import { makeOrder } from '../../../test/fixtures.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '../../../test/render.tsx';
import { expectLoadFailed } from '../../../test/texts.ts';
import ShopPage from './ShopPage.tsx';

const PRODUCTS = [
  {
    id: 1,
    name: 'Starter',
    description: 'The entry plan',
    image_url: 'https://cdn.example/starter.png',
    price_usdt: '1234.5',
    status: 'on',
  },
  { id: 2, name: 'Tiny', description: 'Sold out', image_url: '', price_usdt: '0.00005', status: 'off' },
];

const base = {
  'GET /api/v1/config': () => ok(CONFIG),
  'GET /api/v1/token/price': () =>
    ok({ symbol: 'AGC', price_usdt: '0.5', updated_at: '2025-01-01T00:00:00Z' }),
};

afterEach(cleanupPage);

describe('shop page', () => {
  it('lists the products with name, image, description and the USDT price formatted', async () => {
    stubApi({ ...base, 'GET /api/v1/products': () => ok({ list: PRODUCTS }) });
    renderPage(<ShopPage />, '/pages/shop/index');
    expect(screen.getByTestId('shop-loading').textContent).toBe('Loading…');
    const starter = await screen.findByTestId('shop-product-1');
    expect(starter.textContent).toContain('Starter');
    expect(starter.textContent).toContain('The entry plan');
    expect(starter.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/starter.png');
    expect(starter.querySelector('[data-testid="shop-price"]')?.textContent).toBe('1,234.50 USDT');
    const tiny = screen.getByTestId('shop-product-2');
    expect(tiny.querySelector('[data-testid="shop-price"]')?.textContent).toBe('0.0001 USDT');
    expect(screen.getByTestId('shop-buy-1').textContent).toBe('Buy');
    expect(screen.getByTestId('shop-buy-2').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('shop-agc-price').textContent).toBe('1 AGC = 0.50 USDT'));
  });

  it('shows No Data Available without products and Load Failed when the list fails', async () => {
    stubApi({ ...base, 'GET /api/v1/products': () => ok({ list: [] }) });
    renderPage(<ShopPage />, '/pages/shop/index');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    await cleanupPage();

    stubApi({ ...base, 'GET /api/v1/products': () => fail(400, 'Shop closed') });
    renderPage(<ShopPage />, '/pages/shop/index');
    await expectLoadFailed('shop-error', 'Shop closed');
  });

  it('Buy creates an order and opens its checkout with the quote', async () => {
    const order = makeOrder({ quote_expires_at: new Date(Date.now() + 30 * 60_000).toISOString() });
    const calls = stubApi({
      ...base,
      'GET /api/v1/products': () => ok({ list: PRODUCTS }),
      'POST /api/v1/order': () => ok(order),
    });
    renderPage(<ShopPage />, '/pages/shop/index');
    fireEvent.click(await screen.findByTestId('shop-buy-1'));
    expect((await screen.findByTestId('quote-price')).textContent).toBe('100.00 USDT');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ product_id: 1 });
    expect(screen.getByTestId('order-confirm').textContent).toBe('Confirm and pay');
  });
});
