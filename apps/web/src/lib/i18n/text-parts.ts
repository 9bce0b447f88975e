// The web texts of a language (packages/shared/locales/web/<lng>.json, one file per language, as translators keep
// them) are sent in parts: `shell` with the app's first files (the login page, the bars, the request and wallet
// messages, the titles), every other part with the pages that show it (page-table.ts names each page's parts,
// the router loads them beside the page's code). A build step (locale-parts.ts in apps/web) cuts a part out of a
// language's file; scripts/web-texts.test.ts checks on the build that every key a page's code names is in the
// parts that page loads, so a page never paints a key. Plain data: the build, the budgets and the app read it.

/**
 * Each part as the keys it holds: a key path holds everything under it. A key belongs to the part of the longest
 * path that holds it (`invite.bonus` is in the shell, the rest of `invite` in `member`); every key has one part.
 */
export const TEXT_PARTS = {
  shell: [
    'app',
    'common',
    'error',
    'login',
    'message',
    'nav',
    'pwa',
    'request',
    'title',
    'wallet',
    'localWallet',
    // The login page's bonus line.
    'invite.bonus',
    // The local wallet's review of a transaction it signs for the app: the review sheet loads with the shell.
    'localWalletPages.review',
    'localWalletPages.names',
    'localWalletPages.send.fee',
    'localWalletPages.send.feeL1',
    'localWalletPages.send.feeL1Unavailable',
    'localWalletPages.send.feeL2',
  ],
  /** The tabs and a member's own pages: home, the account, rewards, the team, the invitation, assets. */
  member: [
    'home',
    'portfolio',
    'level',
    'banner',
    'my',
    'rewards',
    'fund.card',
    'fund.banner',
    'language',
    'invite',
    'team',
    'teamUser',
    'hashRate',
    'assets',
    'prices',
    'count',
    'dateField',
    'balance',
    'solvency.part',
  ],
  tree: ['tree'],
  shop: ['shop', 'order', 'pay', 'payResult', 'incidents.disputed', 'incidents.disputedNote'],
  withdraw: ['withdraw'],
  fund: ['fund'],
  earn: ['earn'],
  launchpad: ['launchpad'],
  exchange: ['exchange'],
  localWallet: ['localWalletPages'],
  admin: [
    'withdrawAudit',
    'analytics',
    'adminRoles',
    'auditLog',
    'audit',
    'settlement',
    'porAdmin',
    'solvency',
    'incidents',
  ],
  por: ['por'],
} as const satisfies Record<string, readonly string[]>;

export type TextPart = keyof typeof TEXT_PARTS;

/** The part the app's first files carry. */
export const SHELL_PART: TextPart = 'shell';

export const ALL_PARTS = /* @__PURE__ */ Object.keys(TEXT_PARTS) as TextPart[];

export const isTextPart = (value: unknown): value is TextPart =>
  typeof value === 'string' && Object.hasOwn(TEXT_PARTS, value);

/** Every part's key paths, the longest first (built on first use: the app's code leaves this table out). */
let holders: readonly (readonly [path: string, part: TextPart])[] | undefined;

/** The part a key (dotted path of a text, or of a group of texts) is in; undefined when no part holds it. */
export function partOfKey(key: string): TextPart | undefined {
  holders ??= ALL_PARTS.flatMap((part) => TEXT_PARTS[part].map((path) => [path, part] as const)).sort(
    (a, b) => b[0].length - a[0].length,
  );
  return holders.find(([path]) => key === path || key.startsWith(`${path}.`))?.[1];
}

type Texts = { [key: string]: string | Texts };

/** The texts of one part, nested as in the file (a part of a language's texts, or of the English ones). */
export function pickPart(texts: Texts, part: TextPart, prefix = ''): Texts {
  const picked: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (partOfKey(path) === part) picked[key] = value;
    } else {
      const inner = pickPart(value, part, path);
      if (Object.keys(inner).length > 0) picked[key] = inner;
    }
  }
  return picked;
}
