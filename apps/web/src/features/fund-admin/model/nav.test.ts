import { describe, expect, it } from 'vitest';
import { readNav } from './nav.ts';

describe('NAV form', () => {
  it('refuses empty, text, more than 8 decimals, zero and negative', () => {
    expect(readNav(' ')).toEqual({ ok: false, problem: 'required' });
    expect(readNav('1,2')).toEqual({ ok: false, problem: 'invalid' });
    expect(readNav('1.123456789')).toEqual({ ok: false, problem: 'decimals' });
    expect(readNav('0.00000000')).toEqual({ ok: false, problem: 'not_positive' });
    expect(readNav('-1.5')).toEqual({ ok: false, problem: 'not_positive' });
  });
  it('accepts up to 8 decimals above zero', () => {
    expect(readNav('1.23456789')).toEqual({ ok: true, nav: '1.23456789' });
    expect(readNav('0.00000001')).toEqual({ ok: true, nav: '0.00000001' });
  });
});
