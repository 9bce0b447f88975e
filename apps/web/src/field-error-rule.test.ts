// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// One rule for a field's message (styles.css `.field-error`, README "Field and form errors"): earn centred its
// amount error while exchange, withdraw and the local wallet each kept a left-aligned copy of their own.
describe('the field-error rule', () => {
  const src = new URL('./', import.meta.url);
  const files = (readdirSync(src, { recursive: true }) as string[]).map((f) => f.replaceAll('\\', '/'));
  const read = (f: string) => readFileSync(new URL(f, src), 'utf8');

  it('is styled in styles.css only: no feature keeps a copy or restyles it', () => {
    const copies = files.filter(
      (f) => f.endsWith('.css') && f !== 'styles.css' && /field-error|\.error-text\b/.test(read(f)),
    );
    // portfolio's quiet card: a read failure (ErrorRetry) start-aligned with its card, not a field's message
    expect(copies).toEqual(['features/portfolio/portfolio.css']);
    expect(read('styles.css')).toMatch(/\.field-error \{[^}]*text-align: start;/);
  });

  it('no component names a field message class of its own', () => {
    const own = files.filter(
      (f) =>
        f.endsWith('.tsx') &&
        !f.endsWith('.test.tsx') &&
        /className=[^>]*\b[\w-]+-field-error\b/.test(read(f)),
    );
    expect(own).toEqual([]);
  });
});

// One focus ring (styles.css): the local wallet's inputs showed Chromium's orange default ring, unlike the rest of
// the app. Every focusable element gets the app's link colour; no feature draws a ring of another colour.
describe('the focus ring', () => {
  const src = new URL('./', import.meta.url);
  const files = (readdirSync(src, { recursive: true }) as string[]).map((f) => f.replaceAll('\\', '/'));
  const read = (f: string) => readFileSync(new URL(f, src), 'utf8');

  it('is set once for every focusable element and every input, in the link colour', () => {
    const css = read('styles.css');
    expect(css).toMatch(
      /:where\(button, a, input, select, textarea, \[tabindex\]\):focus-visible \{\s*outline: 2px solid var\(--app-link\)/,
    );
    expect(css).toMatch(/\.input:focus-visible,[^{]*\{[^}]*outline: 2px solid var\(--app-link\)/);
  });

  it('no stylesheet removes it or draws it in another colour', () => {
    const other = files.filter(
      (f) =>
        f.endsWith('.css') && /outline:\s*(none|0\b|2px solid (?!var\(--app-link\)|#1677ff))/.test(read(f)),
    );
    // The chart's viewport draws its focus as an inset ring of its own (org-tree.css :focus-visible).
    expect(other).toEqual(['features/tree/components/org-tree.css']);
  });
});
