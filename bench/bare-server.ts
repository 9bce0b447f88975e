// The baseline: a bare Fastify route answering a small JSON envelope, in its own process like the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, msg: 'success', data: { ok: true } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
