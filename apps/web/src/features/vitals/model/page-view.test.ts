import { describe, expect, it } from 'vitest';
import { pageViewBody, sampled } from './page-view.ts';

describe('a page view’s vitals body', () => {
  it('rounds LCP and INP to milliseconds and scales CLS to ten-thousandths, as integers', () => {
    expect(
      pageViewBody('home', [
        { name: 'LCP', value: 1234.56 },
        { name: 'INP', value: 79.5 },
        { name: 'CLS', value: 0.04567 },
      ]),
    ).toEqual({ route: 'home', lcp_ms: 1235, inp_ms: 80, cls_e4: 457 });
  });

  it('leaves out what was not reported or is not a value, and sends nothing without a metric', () => {
    expect(pageViewBody('login', [{ name: 'CLS', value: 0 }])).toEqual({ route: 'login', cls_e4: 0 });
    expect(
      pageViewBody('login', [
        { name: 'LCP', value: Number.NaN },
        { name: 'FCP', value: 10 },
      ]),
    ).toBeNull();
    expect(pageViewBody('login', [])).toBeNull();
  });

  it('samples the given share of page views, none at 0', () => {
    expect(sampled(0, () => 0)).toBe(false);
    expect(sampled(0.1, () => 0.05)).toBe(true);
    expect(sampled(0.1, () => 0.1)).toBe(false);
    expect(sampled(1, () => 0.999)).toBe(true);
  });
});
