import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ManagementCard } from './ManagementCard.tsx';
import { RewardSummary } from './RewardSummary.tsx';

// Figures not loaded yet are skeletons, not dashes; a dash stays where there is no figure.
describe('reward figures before they arrive', () => {
  it('the summary shows skeletons while loading and dashes once the list failed', () => {
    const { unmount } = render(<RewardSummary summary={undefined} />);
    const total = screen.getByTestId('rewards-summary-total');
    expect(total.querySelector('.skeleton[role="status"]')).not.toBeNull();
    expect(total.textContent).not.toBe('-');
    unmount();
    render(<RewardSummary summary={undefined} failed />);
    expect(screen.getByTestId('rewards-summary-total').textContent).toBe('-');
  });

  it('the management card shows a skeleton, no dashes, while me loads', () => {
    render(
      <ManagementCard
        me={{ data: undefined, error: null, refetch: async () => ({}) as never }}
        settling={false}
        onSettle={() => undefined}
      />,
    );
    expect(screen.getByTestId('rewards-mng-loading').getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('rewards-mng-base')).toBeNull();
    expect(screen.queryByText('-')).toBeNull();
  });
});
