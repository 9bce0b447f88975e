import { vi } from 'vitest';

/**
 * The test DOM lays nothing out, so an element has no offset parent and a list's end never counts as "reached".
 * Gives every element one (the body) until the returned restore is called: through the getter where the DOM
 * defines one (jsdom, on HTMLElement's prototype), or as a getter of its own where it has none (happy-dom).
 */
export function layOutElements(): { mockRestore: () => void } {
  let owner: object | null = HTMLElement.prototype;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'offsetParent'))
    owner = Object.getPrototypeOf(owner);
  if (owner)
    return vi
      .spyOn(owner as { readonly offsetParent: Element | null }, 'offsetParent', 'get')
      .mockReturnValue(document.body);
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  });
  return {
    mockRestore: () => {
      Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');
    },
  };
}

/** A CSS colour as "#rrggbb", whether the DOM keeps it as written ("#3e3e3e") or as "rgb(62, 62, 62)". */
export function hexColour(css: string): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css);
  if (!rgb) return css.toLowerCase();
  return `#${rgb
    .slice(1, 4)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;
}
