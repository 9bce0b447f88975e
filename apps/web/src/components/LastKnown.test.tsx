import { render, screen } from '@testing-library/react';
import { PAGE_STARTED_AT } from '@web/lib/online.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LastKnown } from './LastKnown.tsx';

const restored = {
  data: { x: 1 },
  dataUpdatedAt: PAGE_STARTED_AT - 3_600_000,
  isFetching: false,
  isError: false,
};
const fresh = { ...restored, dataUpdatedAt: PAGE_STARTED_AT + 10 };

const shown = () => screen.queryByTestId('lk');

afterEach(() => vi.restoreAllMocks());

describe('LastKnown', () => {
  it('says the last visit’s figures are being refreshed while the request runs', () => {
    render(<LastKnown query={{ ...restored, isFetching: true }} testId="lk" />);
    expect(shown()?.dataset.state).toBe('refreshing');
    expect(shown()?.textContent).toBe('Refreshing…');
  });

  it('marks them as last known, with their time, when offline or when the request failed', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = render(<LastKnown query={restored} testId="lk" />);
    expect(shown()?.dataset.state).toBe('offline');
    expect(shown()?.textContent).toMatch(/^Last known figures from \d{4}-\d{2}-\d{2}/);
    unmount();
    vi.restoreAllMocks();
    render(<LastKnown query={{ ...restored, isError: true }} testId="lk" />);
    expect(shown()?.dataset.state).toBe('offline');
  });

  it('says nothing about this page’s own answer online, nor without figures', () => {
    const { rerender } = render(<LastKnown query={{ ...fresh, isFetching: true }} testId="lk" />);
    expect(shown()).toBeNull();
    rerender(<LastKnown query={restored} testId="lk" />);
    expect(shown()).toBeNull();
    rerender(<LastKnown query={{ ...restored, data: undefined, isFetching: true }} testId="lk" />);
    expect(shown()).toBeNull();
  });
});
