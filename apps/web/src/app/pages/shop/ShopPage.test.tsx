import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeQuote } from '@web/test/fixtures.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import ShopPage from './ShopPage.tsx';

const PRODUCTS = [
  {
    id: 1,
    name: 'Starter',
    description: 'The entry plan',
    image_url: 'https://cdn.example/starter.png',
    image_key: 'starter',
    price_usdt: '1234.5',
    status: 'on',
  },
  {
    id: 2,
    name: 'Tiny',
    description: 'Sold out',
    image_url: '',
    image_key: '',
    price_usdt: '0.00005',
    status: 'off',
  },
  {
    id: 3,
    name: 'Pro',
    description: 'Shipped art',
    image_url: '',
    image_key: 'pro',
    price_usdt: '5000',
    status: 'on',
  },
];

const base = {
  'GET /api/v1/config': () => ok(CONFIG),
  'GET /api/v1/token/price': () =>
    ok({
      symbol: 'AGC',
      price_usdt: '0.5',
      updated_at: '2025-01-01T00:00:00Z',
      source: 'fixed',
      block: null,
    }),
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
    expect(tiny.querySelector('[data-testid="shop-price"]')?.textContent).toBe('0.00 USDT');
    expect(screen.getByTestId('shop-buy-1').textContent).toBe('Buy');
    expect(screen.getByTestId('shop-buy-2').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('shop-agc-price').textContent).toBe('1 AGC = 0.50 USDT'));
    // The price is fixed in this test's server: the page says so beside it.
    expect(screen.getByTestId('shop-price-source').textContent).toBe('Fixed price — not from the market');
  });

  it('shows No Data Available without products and Load Failed when the list fails', async () => {
    stubApi({ ...base, 'GET /api/v1/products': () => ok({ list: [] }) });
    renderPage(<ShopPage />, '/pages/shop/index');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    await cleanupPage();

    stubApi({ ...base, 'GET /api/v1/products': () => fail(500, 'Shop closed') });
    renderPage(<ShopPage />, '/pages/shop/index');
    await expectLoadFailed('shop-error', 'Shop closed');
  });

  it('shows the artwork shipped with the app for the image key, the generic one without; never a grey box', async () => {
    stubApi({ ...base, 'GET /api/v1/products': () => ok({ list: PRODUCTS }) });
    renderPage(<ShopPage />, '/pages/shop/index');
    const src = async (id: number) =>
      decodeURIComponent(
        (await screen.findByTestId(`shop-product-${id}`)).querySelector('img')?.getAttribute('src') ?? '',
      );
    // Vite inlines the small SVGs as data URLs (or a file URL when larger): either names its gradient.
    expect(await src(3)).toMatch(/bg-pro|pro\.svg$/);
    expect(await src(2)).toMatch(/bg-generic|generic\.svg$/);
    expect(document.querySelector('.product-image--empty')).toBeNull();
  });

  it('Buy opens the checkout with a quote that creates nothing; Cancel leaves no order request made', async () => {
    const calls = stubApi({
      ...base,
      'GET /api/v1/products': () => ok({ list: PRODUCTS }),
      'GET /api/v1/products/1/quote': () => ok(makeQuote({ price_source: 'uniswap-v3', price_block: '77' })),
    });
    renderPage(<ShopPage />, '/pages/shop/index');
    fireEvent.click(await screen.findByTestId('shop-buy-1'));
    // The checkout (with its wallet code) loads on the first Buy: a chunk of its own, slow to transform in a test.
    const price = await screen.findByTestId('quote-price', {}, { timeout: 15_000 });
    expect(price.textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('order-confirm').textContent).toBe('Confirm and pay');
    fireEvent.click(screen.getByTestId('checkout-close'));
    await waitFor(() => expect(screen.queryByTestId('checkout')).toBeNull());
    expect(calls.filter((c) => c.path.startsWith('/api/v1/order'))).toEqual([]);
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/'))).toBe(false);
  });
});
