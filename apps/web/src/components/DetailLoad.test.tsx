import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { get } from '@web/lib/request.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeOrder } from '@web/test/fixtures.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import Modal from 'antd-mobile/es/components/modal';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DetailLoad } from './DetailLoad.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupPage();
});

/** A detail page as the order page builds it: a plain GET of the record (not silent), read by DetailLoad. */
function OrderLikePage({ path = '/order/1' }: { path?: string }) {
  const query = useQuery({ queryKey: ['record', path], queryFn: () => get(path) });
  return (
    <DetailLoad query={query} validId testIdPrefix="order" notFoundText="Order not found">
      {(order) => <p data-testid="order-body">{JSON.stringify(order)}</p>}
    </DetailLoad>
  );
}

const settle = () => new Promise((r) => setTimeout(r, 100));

// One error surface: the record's error is shown once, inline; Retry only when it can help.
describe('DetailLoad and the request layer', () => {
  it('a 404 shows one "not found" message: no toast or dialog on top, no Retry', async () => {
    const toast = vi.spyOn(Toast, 'show');
    const modal = vi.spyOn(Modal, 'alert');
    stubApi({ 'GET /api/v1/order/1': () => fail(404, 'Order not found') });
    renderPage(<OrderLikePage />);
    expect(await screen.findByTestId('order-not-found')).toBeTruthy();
    await settle();
    expect(screen.getAllByText('Order not found')).toHaveLength(1);
    expect(screen.queryByText('Retry')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(modal).not.toHaveBeenCalled();
  });

  it('a 403 is Load Failed with the reason once, without a Retry that cannot help', async () => {
    const toast = vi.spyOn(Toast, 'show');
    // A record only an admin may read (the API declares 403 on admin reads only).
    stubApi({ 'GET /api/v1/admin/solvency': () => fail(403, 'Not allowed') });
    renderPage(<OrderLikePage path="/admin/solvency" />);
    const error = await screen.findByTestId('order-error');
    await settle();
    expect(error.textContent).toContain('Load Failed');
    expect(screen.getAllByText('Not allowed')).toHaveLength(1);
    expect(screen.queryByText('Retry')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('a 5xx is Load Failed once with a Retry, which loads the record', async () => {
    const modal = vi.spyOn(Modal, 'alert');
    let failing = true;
    const order = makeOrder({ order_id: '1' });
    stubApi({ 'GET /api/v1/order/1': () => (failing ? fail(503, 'Service unavailable') : ok(order)) });
    renderPage(<OrderLikePage />);
    await screen.findByTestId('order-error');
    await settle();
    expect(screen.getAllByText('Service unavailable')).toHaveLength(1);
    expect(modal).not.toHaveBeenCalled();
    failing = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(JSON.parse((await screen.findByTestId('order-body')).textContent ?? '')).toEqual(order);
  });
});
