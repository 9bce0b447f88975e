// Runs after `npm run build` (the first step of `npm test`): every page has the texts its code names before it paints.
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from './web-budget.ts';
import { keysNamed, missingTexts, textKeys } from './web-texts.ts';

describe('the texts each page of the built web app loads', () => {
  it('hold every key its code names (the shell part for the app itself, the page parts for a page)', () => {
    expect(missingTexts()).toEqual([]);
  });

  it('would miss keys if a page loaded too few parts', () => {
    const missing = missingTexts(WEB_DIST, { home: { page: 'home/HomePage.tsx', texts: [] } });
    expect(missing).toHaveLength(1);
    expect(missing[0]?.where).toBe('home');
    expect(missing[0]?.keys).toEqual(expect.arrayContaining(['home.address', 'portfolio.invested']));
  });

  it('reads the keys a piece of code names: whole keys, the start of some, plurals', () => {
    const keys = textKeys({
      login: { steps: { connect: 'a', sign: 'b' }, connect: 'c' },
      count: { items_one: 'd', items_other: 'e' },
      nav: { home: 'f' },
    });
    expect(
      [...keysNamed(`t("login.connect");t(\`login.steps.\${s}\`);t("count.items",{count})`, keys)].sort(),
    ).toEqual([
      'count.items_one',
      'count.items_other',
      'login.connect',
      'login.steps.connect',
      'login.steps.sign',
    ]);
    // An API message key that is no text of the web app names nothing.
    expect([...keysNamed('"login.unknown_thing"', keys)]).toEqual([]);
  });
});
