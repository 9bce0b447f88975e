import { z } from 'zod';
import { addressSchema, sideSchema } from './common.ts';

export const nonceQuery = z.object({ address: addressSchema });
export const nonceResponse = z.object({ nonce: z.string(), expires_at: z.string() });
export type NonceResponse = z.infer<typeof nonceResponse>;

export const INVITE_CODE_RE = /^[A-Z2-9]{8}$/;

export const authBody = z.object({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  invite_code: z.string().trim().toUpperCase().regex(INVITE_CODE_RE).optional(),
  side: sideSchema.optional(),
});
export type AuthBody = z.output<typeof authBody>;
export type AuthBodyInput = z.input<typeof authBody>;
export const authResponse = z.object({ token: z.string(), address: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

/** Each rule of EIP-4361 a sign-in message can break (the server's strict parser names the first in `data.rule`). */
export const SIWE_RULES = [
  'line_endings',
  'trailing_newline',
  'header',
  'domain',
  'address',
  'address_checksum',
  'missing_blank_line',
  'extra_blank_line',
  'statement',
  'unknown_line',
  'duplicate_field',
  'field_order',
  'missing_field',
  'resources_header',
  'uri',
  'version',
  'chain_id',
  'nonce',
  'date_format',
  'date_zone',
  'date_invalid',
  'request_id',
  'resource',
] as const;
/** The fields of a sign-in message, as a refusal names them in `data.field`. */
export const SIWE_FIELDS = [
  'domain',
  'address',
  'statement',
  'uri',
  'version',
  'chainId',
  'nonce',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
  'resources',
] as const;
/** `data` of a 400 from POST auth: the rule a malformed message broke (null for any other refusal). */
export const siweRefusalData = z
  .object({ rule: z.enum(SIWE_RULES), field: z.enum(SIWE_FIELDS).optional() })
  .nullable();

/** POST logout (this session) and logout/all (every session of the member): how many were ended. */
export const logoutResponse = z.object({ revoked: z.number().int().min(0) });
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** SIWE parameters the client needs to build the message the server will accept. */
export const SIWE_STATEMENT = 'Sign in to AGCFund Portfolio.';
