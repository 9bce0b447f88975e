import { screen } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { renderPage } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultPage } from './ResultPage.tsx';

afterEach(cleanupPage);

describe('ResultPage', () => {
  // Skeletons instead of a "Loading…" line.
  it('while the result loads shows skeleton lines (read out as loading), not a Loading line', () => {
    renderPage(<ResultPage testId="r" className="x" title="Done" listLabel="List" listPath="/l" loading />);
    const skeleton = screen.getByTestId('r-loading');
    expect(skeleton.getAttribute('role')).toBe('status');
    expect(skeleton.querySelectorAll('.skeleton-line').length).toBe(3);
    expect(screen.queryByText('Loading…', { selector: 'p' })).toBeNull();
  });
});
