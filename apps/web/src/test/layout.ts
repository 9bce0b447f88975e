/**
 * The test DOM lays nothing out, so an element has no offset parent and a list's end never counts as "reached".
 * Gives every element one (the body) until the returned restore is called.
 */
export function layOutElements(): { mockRestore: () => void } {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  });
  return {
    mockRestore: () => {
      if (own) Object.defineProperty(HTMLElement.prototype, 'offsetParent', own);
      else Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');
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
