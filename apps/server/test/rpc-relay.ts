import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON-RPC relay to a real node that can go down, counting the requests it receives. */
export interface RpcRelay {
  url: string;
  /** Requests received so far (answered or dropped). */
  requests: number;
  /** Relays to the node while true; otherwise drops each request's connection after `downDelayMs`. */
  up: boolean;
  close(): Promise<void>;
}

/**
 * Starts a relay to `upstream` (an anvil's URL) on a free local port: an RPC that stops answering, and comes back,
 * without stopping the node behind it. A dropped connection after a wait stands for an RPC that times out.
 */
export async function startRpcRelay(upstream: string, downDelayMs = 0): Promise<RpcRelay> {
  const relay = { requests: 0, up: true } as RpcRelay;
  const server = createServer((req, res) => {
    relay.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!relay.up) {
        setTimeout(() => req.socket.destroy(), downDelayMs);
        return;
      }
      void fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      }).then(async (r) =>
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = () => new Promise<void>((done) => server.close(() => done()));
  return relay;
}
