import { describe, expect, it } from 'vitest';
import { defined } from './defined.ts';

describe('defined', () => {
  it('passes a value through, falsy ones included', () => {
    expect(defined(0)).toBe(0);
    expect(defined('')).toBe('');
    expect(defined(0n)).toBe(0n);
    expect(defined(false)).toBe(false);
  });

  it('throws on null and undefined, naming what was missing', () => {
    expect(() => defined(undefined)).toThrow('Expected a value, got undefined');
    expect(() => defined(null, 'the order row')).toThrow('Expected the order row, got null');
    expect(() => defined([1][1], 'a second item')).toThrow('Expected a second item, got undefined');
  });
});
