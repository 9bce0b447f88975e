import { expect } from 'vitest';

/**
 * A message about one field follows the app's one rule (README "Field and form errors"): the shared
 * `.field-error` (under the field, start-aligned), not the centred form-level `.error-text`, and the input is
 * marked invalid and described by it.
 */
export function expectFieldError(message: HTMLElement, input: HTMLElement): void {
  expect(message.className).toBe('field-error');
  expect(message.id).not.toBe('');
  expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  expect(input.getAttribute('aria-invalid')).toBe('true');
}
