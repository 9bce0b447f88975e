// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './languages.ts';

// One message per condition: "insufficient balance" was worded four ways, a missing withdrawal amount started in
// lowercase, and seven decimals read "Please enter a valid amount" on simple earn but "at most 6 decimal places"
// elsewhere. Every key of a condition, in the app's texts and the server's, reads the same in each language.
const CONDITIONS: Record<string, { web: string[]; api: string[] }> = {
  amount_required: {
    web: [
      'withdraw.errors.amount_required',
      'exchange.errors.amount_required',
      'localWalletPages.send.errors.amount_required',
      'earn.errors.amount_required',
      'launchpad.admin.errors.amount_required',
      'fund.agent.errors.required',
    ],
    api: [
      'withdraw.amount_required',
      'fund.amount_required',
      'exchange.amount_required',
      'earn.amount_required',
      'launchpad.amount_required',
    ],
  },
  amount_invalid: {
    web: [
      'withdraw.errors.amount_invalid',
      'exchange.errors.amount_invalid',
      'localWalletPages.send.errors.amount_invalid',
      'earn.errors.amount_invalid',
      'launchpad.admin.errors.amount_invalid',
      'fund.agent.errors.invalid',
      'fund.buy.errors.invalid',
    ],
    api: [
      'withdraw.amount_invalid',
      'fund.amount_invalid',
      'exchange.amount_invalid',
      'earn.amount_invalid',
      'launchpad.amount_invalid',
    ],
  },
  amount_positive: {
    web: [
      'withdraw.errors.amount_positive',
      'exchange.errors.amount_positive',
      'localWalletPages.send.errors.amount_positive',
      'earn.errors.amount_positive',
      'launchpad.admin.errors.amount_positive',
    ],
    api: [
      'withdraw.amount_positive',
      'fund.amount_positive',
      'exchange.amount_positive',
      'earn.amount_positive',
      'launchpad.amount_positive',
    ],
  },
  amount_decimals: {
    web: [
      'withdraw.errors.amount_decimals',
      'exchange.errors.amount_decimals',
      'localWalletPages.send.errors.amount_decimals',
      'earn.errors.amount_decimals',
      'launchpad.admin.errors.amount_decimals',
    ],
    api: [
      'withdraw.amount_decimals',
      'fund.amount_decimals',
      'exchange.amount_decimals',
      'earn.amount_decimals',
      'launchpad.amount_decimals',
    ],
  },
  insufficient_usdt: {
    web: [
      'balance.insufficient_usdt',
      'withdraw.errors.insufficient_usdt',
      'exchange.errors.insufficient_usdt',
    ],
    api: [
      'balance.insufficient_usdt',
      'withdraw.insufficient_usdt',
      'earn.insufficient_available',
      'launchpad.balance_short',
      'ledger.insufficient',
    ],
  },
  insufficient_agc: {
    web: ['balance.insufficient_agc', 'withdraw.errors.insufficient_agc', 'exchange.errors.insufficient_agc'],
    api: ['balance.insufficient_agc', 'withdraw.insufficient_agc'],
  },
};

const DIR = new URL('../../../../../packages/shared/locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };
const load = (kind: string, lng: string) =>
  JSON.parse(readFileSync(new URL(`${kind}/${lng}.json`, DIR), 'utf8')) as Tree;
const text = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);

describe('one message per condition', () => {
  for (const lng of LOCALES) {
    it(`${lng}: every key of a condition says the same, in the app and on the server`, () => {
      const web = load('web', lng);
      const api = load('api', lng);
      for (const [condition, keys] of Object.entries(CONDITIONS)) {
        const texts = [...keys.web.map((k) => text(web, k)), ...keys.api.map((k) => text(api, k))];
        expect(
          texts.every((t) => typeof t === 'string' && t !== ''),
          condition,
        ).toBe(true);
        expect(new Set(texts).size, `${condition}: ${[...new Set(texts)].join(' | ')}`).toBe(1);
      }
    });
  }

  it('every message starts with a capital letter in English', () => {
    const web = load('web', 'en');
    for (const keys of Object.values(CONDITIONS))
      for (const k of keys.web) expect(String(text(web, k))).toMatch(/^[A-Z]/);
  });
});

// The fund screens were titled "Funds", "My Funds" and "Fund Income" under tabs reading Products, Holdings, Agent.
describe('the fund screens are titled as their tabs', () => {
  for (const lng of LOCALES) {
    it(lng, () => {
      const web = load('web', lng);
      expect([
        text(web, 'title.foundHome'),
        text(web, 'title.foundMy'),
        text(web, 'title.foundIncome'),
      ]).toEqual([
        text(web, 'fund.tabs.products'),
        text(web, 'fund.tabs.holdings'),
        text(web, 'fund.tabs.agent'),
      ]);
    });
  }
});
