// The baseline: a bare Fastify route answering a small JSON envelope, in its own process like the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = async () => ({ code: 200, msg: 'success', data: { ok: true } });
app.get('/bare', answer);
// The same for a POST with a JSON body (parsed, then ignored): the floor of the write benchmarks.
app.post('/bare', answer);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
