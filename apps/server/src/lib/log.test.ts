import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers, REDACTED, redactQuery, requestSerializer } from './log.ts';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-part.signature-part';

describe('request log lines', () => {
  it('keep the path and the parameter names, never a query value', () => {
    expect(redactQuery(`/api/v1/nonce?address=${ADDRESS}&token=${TOKEN}`)).toBe(
      `/api/v1/nonce?address=${REDACTED}&token=${REDACTED}`,
    );
    expect(redactQuery('/pages/login/index?code=ABCDEFGH&side=left&flag')).toBe(
      `/pages/login/index?code=${REDACTED}&side=${REDACTED}&flag=${REDACTED}`,
    );
    expect(redactQuery('/api/v1/me')).toBe('/api/v1/me');
    expect(redactQuery('/api/v1/me?')).toBe('/api/v1/me');
    // Something in a name's place may be the data itself.
    expect(redactQuery(`/x?${ADDRESS}`)).toBe(`/x?${REDACTED}`);
    expect(redactQuery(`/x?a%3D${ADDRESS}=1`)).toBe(`/x?${REDACTED}`);
  });

  it('log the method, the redacted URL, the host and the client IP, and no header', () => {
    const line = requestSerializer({
      method: 'GET',
      url: `/api/v1/nonce?address=${ADDRESS}`,
      host: 'app.example',
      ip: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-wallet-address': ADDRESS },
    } as never);
    expect(line).toEqual({
      method: 'GET',
      url: `/api/v1/nonce?address=${REDACTED}`,
      host: 'app.example',
      remoteAddress: '203.0.113.7',
    });
  });

  it('replace Fastify’s own request serializer in the server’s logger', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ serializers: logSerializers }, sink) });
    app.get('/api/v1/nonce', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: `/api/v1/nonce?address=${ADDRESS}&token=${TOKEN}`,
      headers: { authorization: `Bearer ${TOKEN}`, 'x-wallet-address': ADDRESS },
    });
    await app.close();
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming.req.url).toBe(`/api/v1/nonce?address=${REDACTED}&token=${REDACTED}`);
    const all = lines.join('\n');
    expect(all).not.toContain(ADDRESS);
    expect(all.toLowerCase()).not.toContain(ADDRESS.toLowerCase());
    expect(all).not.toContain('secret-part');
  });
});
