import { buildSiweMessage, SIWE_TTL_MS } from '@agc/shared/siwe';
import fc from 'fast-check';
import { getAddress, toHex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { isRfc3986Uri, parseSiweStrict, SIWE_MAX_LIFETIME_MS, SiweParseError } from './siwe.ts';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ISSUED = new Date('2030-01-01T00:00:00.000Z');

/** The fields of the valid message (its expiration aside), as the parser gives them back. */
const FIELDS = {
  domain: 'app.agcfund.example',
  address: ADDRESS,
  statement: 'Sign in to AGCFund Portfolio.',
  uri: 'https://app.agcfund.example',
  version: '1',
  chainId: 42161,
  nonce: 'abcDEF123456',
  issuedAt: ISSUED,
} as const;

/** A valid message as viem writes it; each test breaks one rule of it. */
const valid = (o: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({ ...FIELDS, expirationTime: new Date(ISSUED.getTime() + 600_000), ...o });

/** The rule (and field) the parser names for a message, or 'accepted'. */
function refusal(message: string) {
  try {
    parseSiweStrict(message);
    return 'accepted';
  } catch (e) {
    if (!(e instanceof SiweParseError)) throw e;
    return e.field ? { rule: e.rule, field: e.field } : { rule: e.rule };
  }
}

const lines = (message: string) => message.split('\n');
const replaceLine = (message: string, prefix: string, line: string) =>
  lines(message)
    .map((l) => (l.startsWith(prefix) ? line : l))
    .join('\n');

describe('parseSiweStrict accepts', () => {
  it('the message the web app builds, whose 10-minute life is within the limit', () => {
    const message = buildSiweMessage({
      config: { siwe: { domain: FIELDS.domain, uri: FIELDS.uri, statement: FIELDS.statement } },
      address: ADDRESS.toLowerCase(),
      nonce: FIELDS.nonce,
      now: ISSUED,
    });
    expect(parseSiweStrict(message)).toEqual({
      ...FIELDS,
      expirationTime: new Date(ISSUED.getTime() + SIWE_TTL_MS),
    });
    expect(SIWE_TTL_MS).toBeLessThanOrEqual(SIWE_MAX_LIFETIME_MS);
  });

  it('every optional part: no statement, not-before, request id, resources, offsets and fractions', () => {
    const message = [
      'localhost:3000 wants you to sign in with your Ethereum account:',
      ADDRESS,
      '',
      '',
      'URI: http://localhost:3000/login?next=%2Fhome#top',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: 12345678',
      'Issued At: 2030-01-01T02:00:00.123456+02:00',
      'Expiration Time: 2029-12-31T19:10:00-05:00',
      'Not Before: 2030-01-01T00:00:00Z',
      'Request ID: req-1:@x',
      'Resources:',
      '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
      '- https://example.com/my-web2-claim.json',
    ].join('\n');
    expect(parseSiweStrict(message)).toEqual({
      domain: 'localhost:3000',
      address: ADDRESS,
      uri: 'http://localhost:3000/login?next=%2Fhome#top',
      version: '1',
      chainId: 1,
      nonce: '12345678',
      issuedAt: new Date('2030-01-01T00:00:00.123Z'),
      expirationTime: new Date('2030-01-01T00:10:00Z'),
      notBefore: new Date('2030-01-01T00:00:00Z'),
      requestId: 'req-1:@x',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://example.com/my-web2-claim.json',
      ],
    });
    // A Resources header with no resource, an IPv6 host and an empty request id are in the ABNF too.
    const bare = `${valid({ requestId: 'x' })
      .replace('app.agcfund.example wants', '[::1]:8080 wants')
      .replace('Request ID: x', 'Request ID: ')}\nResources:`;
    expect(parseSiweStrict(bare)).toMatchObject({ domain: '[::1]:8080', requestId: '', resources: [] });
  });

  it('any message viem builds from valid fields, field for field (property)', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const host = fc.oneof(
      fc
        .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
        .map(([labels, tld]) => [...labels, tld].join('.')),
      fc.ipV4(),
      fc.constant('localhost'),
    );
    const domain = fc
      .tuple(host, fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }))
      .map(([h, port]) => (port === undefined ? h : `${h}:${port}`));
    const date = fc.date({
      min: new Date('0000-01-01T00:00:00.000Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const fields = fc.record({
      domain,
      address: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b))),
      statement: optional(fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:/?#[\]@ ]{1,60}$/)),
      uri: fc.webUrl({ withQueryParameters: true, withFragments: true }),
      version: fc.constant('1' as const),
      chainId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      nonce: fc.stringMatching(/^[A-Za-z0-9]{8,40}$/),
      issuedAt: date,
      expirationTime: optional(date),
      notBefore: optional(date),
      requestId: optional(fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@]{1,30}$/)),
      resources: optional(fc.array(fc.webUrl({ withQueryParameters: true }), { maxLength: 3 })),
    });
    fc.assert(
      fc.property(fields, (f) => {
        expect(parseSiweStrict(createSiweMessage(f))).toEqual(f);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseSiweStrict refuses, naming the rule', () => {
  const message = valid();
  /** The valid message with one field's value replaced. */
  const setField = (name: string, value: string) => replaceLine(message, `${name}: `, `${name}: ${value}`);
  /** The valid message with another domain in its first line, or another statement. */
  const setDomain = (domain: string) => message.replace('app.agcfund.example wants', `${domain} wants`);
  const setStatement = (statement: string) => message.replace('Sign in to AGCFund Portfolio.', statement);
  const setAddress = (address: string) => message.replace(ADDRESS, address);

  it.each([
    ['an unknown line', replaceLine(message, 'Nonce: ', 'Nonce: abcDEF123456\nFoo: bar'), 'unknown_line'],
    ['a field name without its space', replaceLine(message, 'Version: ', 'Version:1'), 'unknown_line'],
    [
      'an extra blank line between fields',
      replaceLine(message, 'Nonce: ', 'Nonce: abcDEF123456\n'),
      'extra_blank_line',
    ],
    [
      'an extra blank line before the fields',
      message.replace('\n\nURI: ', '\n\n\nURI: '),
      'extra_blank_line',
    ],
    [
      'a blank line missing after the address',
      message.replace(`${ADDRESS}\n\n`, `${ADDRESS}\n`),
      'missing_blank_line',
    ],
    [
      'a blank line missing before the fields',
      valid({ statement: undefined }).replace('\n\n\n', '\n\n'),
      'missing_blank_line',
    ],
    ['CRLF line endings', message.replaceAll('\n', '\r\n'), 'line_endings'],
    ['a trailing newline', `${message}\n`, 'trailing_newline'],
    [
      'a first line that is not the header',
      message.replace('wants you to sign in', 'asks you to sign in'),
      'header',
    ],
    ['nothing but text', 'hello', 'header'],
  ])('%s', (_name, text, rule) => {
    expect(refusal(text)).toEqual({ rule });
  });

  it.each([
    [
      'a duplicated field',
      replaceLine(message, 'Nonce: ', 'Nonce: abcDEF123456\nNonce: abcDEF123456'),
      'duplicate_field',
      'nonce',
    ],
    [
      'a duplicated optional field',
      `${message}\nExpiration Time: 2030-01-01T00:05:00Z`,
      'duplicate_field',
      'expirationTime',
    ],
    [
      'fields out of order',
      message.replace('Version: 1\nChain ID: 42161', 'Chain ID: 42161\nVersion: 1'),
      'field_order',
      'version',
    ],
    ['an optional field out of order', `${message}\nResources:\nRequest ID: x`, 'field_order', 'requestId'],
    [
      'a missing Issued At',
      lines(message)
        .filter((l) => !l.startsWith('Issued At: '))
        .join('\n'),
      'missing_field',
      'issuedAt',
    ],
    [
      'a missing Nonce at the end',
      lines(message)
        .slice(
          0,
          lines(message).findIndex((l) => l.startsWith('Nonce: ')),
        )
        .join('\n'),
      'missing_field',
      'nonce',
    ],
    ['a lower-case address', setAddress(ADDRESS.toLowerCase()), 'address_checksum', 'address'],
    ['a wrongly-cased address', setAddress(ADDRESS.replace('f39Fd', 'f39fD')), 'address_checksum', 'address'],
    [
      'an upper-case address',
      setAddress(`0x${ADDRESS.slice(2).toUpperCase()}`),
      'address_checksum',
      'address',
    ],
    ['a short address', setAddress(ADDRESS.slice(0, -1)), 'address', 'address'],
    ['an address with 0X', setAddress(`0X${ADDRESS.slice(2)}`), 'address', 'address'],
    ['an invalid date (Feb 30)', setField('Issued At', '2026-02-30T00:00:00Z'), 'date_invalid', 'issuedAt'],
    ['month 13', setField('Issued At', '2026-13-01T00:00:00Z'), 'date_invalid', 'issuedAt'],
    ['hour 24', setField('Expiration Time', '2026-01-01T24:00:00Z'), 'date_invalid', 'expirationTime'],
    ['a leap second', setField('Issued At', '2026-12-31T23:59:60Z'), 'date_invalid', 'issuedAt'],
    ['an offset of 24 hours', setField('Issued At', '2026-01-01T00:00:00+24:00'), 'date_invalid', 'issuedAt'],
    ['a date without zone', setField('Issued At', '2030-01-01T00:00:00.000'), 'date_zone', 'issuedAt'],
    ['a date only', setField('Issued At', '2030-01-01'), 'date_format', 'issuedAt'],
    ['a lower-case z', setField('Issued At', '2030-01-01T00:00:00z'), 'date_format', 'issuedAt'],
    [
      'a date JavaScript reads',
      setField('Issued At', 'Tue, 01 Jan 2030 00:00:00 GMT'),
      'date_format',
      'issuedAt',
    ],
    ['a non-numeric chain id', setField('Chain ID', '0xa4b1'), 'chain_id', 'chainId'],
    ['a chain id with a leading zero', setField('Chain ID', '042161'), 'chain_id', 'chainId'],
    ['chain id 0', setField('Chain ID', '0'), 'chain_id', 'chainId'],
    ['a chain id beyond 2^53', setField('Chain ID', '9007199254740993'), 'chain_id', 'chainId'],
    ['a short nonce', setField('Nonce', 'abc1234'), 'nonce', 'nonce'],
    ['a nonce with a dash', setField('Nonce', 'abcd-1234'), 'nonce', 'nonce'],
    ['version 2', setField('Version', '2'), 'version', 'version'],
    ['a relative URI', setField('URI', '/login'), 'uri', 'uri'],
    ['a URI with a space', setField('URI', 'https://app.agcfund.example/a b'), 'uri', 'uri'],
    [
      'a statement containing a newline',
      setStatement('Sign in to AGCFund Portfolio.\nAnd more.'),
      'statement',
      'statement',
    ],
    [
      'a statement with a character outside the ABNF',
      setStatement('Sign in to AGCFund Portfolio ✓'),
      'statement',
      'statement',
    ],
    ['a domain with a scheme', setDomain('https://app.agcfund.example'), 'domain', 'domain'],
    ['a domain with a path', setDomain('app.agcfund.example/login'), 'domain', 'domain'],
    ['an empty domain', setDomain(''), 'domain', 'domain'],
    [
      'resources without the Resources: header',
      `${message}\n- https://example.com/a`,
      'resources_header',
      'resources',
    ],
    ['a resource that is not a URI', `${message}\nResources:\n- not a uri`, 'resource', 'resources'],
    ['a request id with a space', `${message}\nRequest ID: a b`, 'request_id', 'requestId'],
  ])('%s', (_name, text, rule, field) => {
    expect(refusal(text)).toEqual({ rule, field });
  });

  it('as a 400: siwe.address_not_checksummed for the address case, else siwe.malformed with the rule in data', () => {
    let error: unknown;
    try {
      parseSiweStrict(setAddress(ADDRESS.toLowerCase()));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      name: 'SiweParseError',
      code: 400,
      key: 'siwe.address_not_checksummed',
      data: { rule: 'address_checksum', field: 'address' },
    });
    expect(() => parseSiweStrict('hello')).toThrow(
      expect.objectContaining({ code: 400, key: 'siwe.malformed', data: { rule: 'header' } }),
    );
  });
});

describe('isRfc3986Uri', () => {
  it.each([
    'https://example.com',
    'http://user:pw@[2001:db8::1]:8080/p?q=1#f',
    'urn:isbn:0451450523',
    'did:pkh:eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    'file:///etc/hosts',
  ])('accepts %s', (uri) => expect(isRfc3986Uri(uri)).toBe(true));
  it.each([
    '//example.com',
    'example.com',
    'https://exa mple.com',
    'https://example.com/%zz',
    'https://[zz]/',
    'https://example.com:80a/',
    'ht tp://x',
  ])('refuses %s', (uri) => expect(isRfc3986Uri(uri)).toBe(false));
});
