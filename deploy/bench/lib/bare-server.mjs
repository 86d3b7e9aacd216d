// The reference of the api benches: a bare Fastify route answering {"ok":true}, in its own process like the api, so
// that it gets the same share of the cores. Prints {"port":n} on stdout once listening; stops on SIGTERM.
// Usage: node deploy/bench/lib/bare-server.mjs [port]
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? 0) });
console.log(JSON.stringify({ port: app.server.address().port }));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
