import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Checks a table of texts at once: the text of each `<prefix>-<name>` element (in `root` when given, else the whole
 * page) is `expected[name]`.
 */
export function expectTexts(prefix: string, expected: Record<string, string | null>, root?: HTMLElement) {
  const scope = root ? within(root) : screen;
  const actual = Object.fromEntries(
    Object.keys(expected).map((name) => [name, scope.getByTestId(`${prefix}-${name}`).textContent]),
  );
  expect(actual).toEqual(expected);
}

/** A load that failed shows, in `testId`, 'Load Failed' and the server's `message`. */
export async function expectLoadFailed(testId: string, message: string) {
  const error = await screen.findByTestId(testId);
  expect(error.textContent).toContain('Load Failed');
  expect(error.textContent).toContain(message);
}
