// A strict EIP-4361 (Sign-In with Ethereum) parser. viem's parseSiweMessage finds the fields wherever they
// are and ignores the rest, so a message with extra lines, fields out of order or an invalid date could
// still be accepted, and what the wallet showed could differ from what the server read. This parser
// accepts exactly the ABNF of https://eips.ethereum.org/EIPS/eip-4361, with the restrictions written in
// docs/decisions/0002-siwe-strict-parsing.md, and names the first rule that fails.
import { isIPv6 } from 'node:net';
import { ErrorCode, isAddress, type SIWE_FIELDS, type SIWE_RULES } from '@agc/shared';
import { AppError } from '@server/lib/errors.ts';
import { type Address, checksumAddress } from 'viem';

/**
 * The longest validity a sign-in message may claim: its Expiration Time at most this long after its
 * Issued At. The web app asks for 10 minutes (SIWE_TTL_MS); a message meant to stay valid for days would be
 * a signed credential worth stealing.
 */
export const SIWE_MAX_LIFETIME_MS = 60 * 60_000;

/** The fields of a message that passed every rule; `address` as written, so EIP-55 checksummed. */
export interface ParsedSiwe {
  domain: string;
  address: Address;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources?: string[];
}

/** A field as a refusal names it: the API document lists them (SIWE_FIELDS), and they are ParsedSiwe's keys. */
export type SiweField = (typeof SIWE_FIELDS)[number];
/** Each rule a message can break; the API answers it in `data.rule`. */
export type SiweRule = (typeof SIWE_RULES)[number];
// The list the document shows and the parser's fields cannot drift apart: either way round fails to compile.
const _sameFields: [SiweField, keyof ParsedSiwe] extends [keyof ParsedSiwe, SiweField] ? true : never = true;

/**
 * A message refused by the parser: a 400 with `siwe.address_not_checksummed` for an address in the wrong
 * letter case, else `siwe.malformed`; `data` names the rule (and the field, when one is concerned).
 */
export class SiweParseError extends AppError {
  override name = 'SiweParseError';
  readonly shortMessage: string;
  constructor(
    readonly rule: SiweRule,
    readonly field?: SiweField,
    detail?: string,
  ) {
    super(
      ErrorCode.badRequest,
      rule === 'address_checksum' ? 'siwe.address_not_checksummed' : 'siwe.malformed',
      {},
      field ? { rule, field } : { rule },
    );
    this.shortMessage = `SIWE message refused: ${rule}${field ? ` (${field})` : ''}${detail ? `: ${detail}` : ''}`;
    this.message = this.shortMessage;
  }
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';

/** The fields after the statement, in the only order EIP-4361 allows. */
const FIELDS = [
  { label: 'URI', key: 'uri', required: true },
  { label: 'Version', key: 'version', required: true },
  { label: 'Chain ID', key: 'chainId', required: true },
  { label: 'Nonce', key: 'nonce', required: true },
  { label: 'Issued At', key: 'issuedAt', required: true },
  { label: 'Expiration Time', key: 'expirationTime', required: false },
  { label: 'Not Before', key: 'notBefore', required: false },
  { label: 'Request ID', key: 'requestId', required: false },
  { label: 'Resources', key: 'resources', required: false },
] as const satisfies readonly { label: string; key: SiweField; required: boolean }[];
type FieldSpec = (typeof FIELDS)[number];

// RFC 3986 character classes.
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*$`);
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*$`);
const IP_FUTURE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`);
const PORT = /^[0-9]*$/;
const PATH = new RegExp(`^(?:${PCHAR}|/)*$`);
const QUERY = new RegExp(`^(?:${PCHAR}|[/?])*$`);
const REQUEST_ID = new RegExp(`^${PCHAR}*$`);
/** scheme ":" ["//" authority] path ["?" query] ["#" fragment] */
const URI_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;
/** EIP-4361 statement: *( reserved / unreserved / " " ): ASCII letters, digits, space and -._~:/?#[]@!$&'()*+,;= */
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`);
const CHAIN_ID = /^[1-9][0-9]*$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const DATE_TIME_NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/;

/** RFC 3986 authority: [userinfo "@"] host [":" port], host a reg-name, an IPv4 address or an IP literal. */
function isAuthority(value: string, allowEmptyHost: boolean): boolean {
  const at = value.lastIndexOf('@');
  if (at >= 0 && !USERINFO.test(value.slice(0, at))) return false;
  const hostPort = value.slice(at + 1);
  let host: string;
  let rest: string;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return false;
    const literal = hostPort.slice(1, close);
    if (!isIPv6(literal) && !IP_FUTURE.test(literal)) return false;
    host = hostPort.slice(0, close + 1);
    rest = hostPort.slice(close + 1);
  } else {
    const colon = hostPort.indexOf(':');
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    rest = colon < 0 ? '' : hostPort.slice(colon);
    if (!REG_NAME.test(host)) return false;
  }
  if (!allowEmptyHost && host === '') return false;
  return rest === '' || (rest.startsWith(':') && PORT.test(rest.slice(1)));
}

/** RFC 3986 URI (absolute: a scheme is required; a fragment is allowed, as the EIP-4361 ABNF's `URI`). */
export function isRfc3986Uri(value: string): boolean {
  const m = URI_PARTS.exec(value);
  if (!m) return false;
  const [, , authority, path = '', query, fragment] = m;
  if (authority !== undefined && !isAuthority(authority, true)) return false;
  return (
    PATH.test(path) &&
    (query === undefined || QUERY.test(query)) &&
    (fragment === undefined || QUERY.test(fragment))
  );
}

/**
 * RFC 3339 date-time with a zone (`Z` or `±hh:mm`), upper-case `T` and `Z`, and a real instant: every
 * component is checked against the date it builds (round trip), so 2026-02-30 or 24:00 fail.
 */
function parseDateTime(value: string, field: SiweField): Date {
  const m = DATE_TIME.exec(value);
  if (!m) {
    if (DATE_TIME_NO_ZONE.test(value)) throw new SiweParseError('date_zone', field, value);
    throw new SiweParseError('date_format', field, value);
  }
  const [, y, mo, d, h, mi, s, fraction = '', sign, oh = '0', om = '0'] = m;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  const roundTrip =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  if (!roundTrip || Number(oh) > 23 || Number(om) > 59)
    throw new SiweParseError('date_invalid', field, value);
  const offsetMs = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0;
  return new Date(date.getTime() - offsetMs);
}

function fieldOf(line: string): FieldSpec | undefined {
  return FIELDS.find((f) =>
    f.key === 'resources' ? line === 'Resources:' : line.startsWith(`${f.label}: `),
  );
}

/**
 * Parses an EIP-4361 message, refusing anything the ABNF does not produce: `\n` line endings only, no
 * trailing newline (the ABNF ends with the last field, as viem's createSiweMessage does), no unknown or
 * blank line, every field at most once and in order. Throws SiweParseError naming the failed rule.
 */
export function parseSiweStrict(message: string): ParsedSiwe {
  if (message.includes('\r')) throw new SiweParseError('line_endings');
  if (message.endsWith('\n')) throw new SiweParseError('trailing_newline');
  const lines = message.split('\n');
  const header = lines[0] ?? '';
  if (!header.endsWith(HEADER_SUFFIX)) throw new SiweParseError('header');
  const domain = header.slice(0, -HEADER_SUFFIX.length);
  // EIP-4361 allows an optional "scheme://" before the domain; this server does not (docs/decisions/0002-siwe-strict-parsing.md).
  if (!isAuthority(domain, false)) throw new SiweParseError('domain', 'domain', domain);

  const address = lines[1];
  if (address === undefined) throw new SiweParseError('missing_field', 'address');
  if (!isAddress(address)) throw new SiweParseError('address', 'address', address);
  if (checksumAddress(address) !== address) throw new SiweParseError('address_checksum', 'address', address);
  if (lines[2] !== '') throw new SiweParseError('missing_blank_line');

  // address LF LF [statement LF] LF: either a blank line, or the statement and then a blank line.
  let statement: string | undefined;
  let i = 4;
  if (lines[3] === undefined) throw new SiweParseError('missing_field', 'uri');
  if (lines[3] !== '') {
    if (lines[4] !== '') {
      if (fieldOf(lines[3])) throw new SiweParseError('missing_blank_line');
      if (lines[4] === undefined) throw new SiweParseError('missing_field', 'uri');
      throw new SiweParseError('statement', 'statement', 'one line, then a blank line');
    }
    if (!STATEMENT.test(lines[3])) throw new SiweParseError('statement', 'statement', lines[3]);
    statement = lines[3];
    i = 5;
  }

  const values = new Map<SiweField, string>();
  const seen = new Set<SiweField>();
  let resources: string[] | undefined;
  let last = -1;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (resources && line.startsWith('- ')) {
      const uri = line.slice(2);
      if (!isRfc3986Uri(uri)) throw new SiweParseError('resource', 'resources', uri);
      resources.push(uri);
      continue;
    }
    const field = fieldOf(line);
    if (!field) {
      if (line === '') throw new SiweParseError('extra_blank_line');
      if (line.startsWith('- ')) throw new SiweParseError('resources_header', 'resources');
      throw new SiweParseError('unknown_line', undefined, line);
    }
    const index = FIELDS.indexOf(field);
    if (index <= last) {
      throw new SiweParseError(seen.has(field.key) ? 'duplicate_field' : 'field_order', field.key);
    }
    for (const skipped of FIELDS.slice(last + 1, index)) {
      if (!skipped.required) continue;
      const later = lines.slice(i + 1).some((l) => fieldOf(l) === skipped);
      throw new SiweParseError(later ? 'field_order' : 'missing_field', skipped.key);
    }
    last = index;
    seen.add(field.key);
    if (field.key === 'resources') resources = [];
    else values.set(field.key, line.slice(field.label.length + 2));
  }
  const missing = FIELDS.slice(last + 1).find((f) => f.required);
  if (missing) throw new SiweParseError('missing_field', missing.key);

  // Every required field is present: the loop above stops at the first one missing.
  const get = (key: SiweField) => values.get(key) as string;
  const uri = get('uri');
  if (!isRfc3986Uri(uri)) throw new SiweParseError('uri', 'uri', uri);
  if (get('version') !== '1') throw new SiweParseError('version', 'version', get('version'));
  const chainId = get('chainId');
  if (!CHAIN_ID.test(chainId) || !Number.isSafeInteger(Number(chainId)))
    throw new SiweParseError('chain_id', 'chainId', chainId);
  const nonce = get('nonce');
  if (!NONCE.test(nonce)) throw new SiweParseError('nonce', 'nonce', nonce);
  const issuedAt = parseDateTime(get('issuedAt'), 'issuedAt');
  const expiration = values.get('expirationTime');
  const notBefore = values.get('notBefore');
  const requestId = values.get('requestId');
  if (requestId !== undefined && !REQUEST_ID.test(requestId))
    throw new SiweParseError('request_id', 'requestId', requestId);

  return {
    domain,
    address,
    ...(statement !== undefined && { statement }),
    uri,
    version: '1',
    chainId: Number(chainId),
    nonce,
    issuedAt,
    ...(expiration !== undefined && { expirationTime: parseDateTime(expiration, 'expirationTime') }),
    ...(notBefore !== undefined && { notBefore: parseDateTime(notBefore, 'notBefore') }),
    ...(requestId !== undefined && { requestId }),
    ...(resources && { resources }),
  };
}
