// The reference of the api benches: a bare Fastify route answering {"ok":true}, in its own process like the api, so
// that it gets the same share of the cores. Prints {"port":n} on stdout once listening; stops on SIGTERM.
// Usage: node deploy/bench/lib/bare-server.mjs [port]
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));

// A POST of JSON answered with JSON of `?bytes=` bytes: the bare counterpart of a call that reads a body and sends a
// larger answer. Also under /api/, the only path the production nginx passes on to its upstreams.
const answers = new Map();
const answerOf = (bytes) => {
  let answer = answers.get(bytes);
  if (answer === undefined) {
    const frame = JSON.stringify({ ok: true, pad: '' }).length;
    answer = JSON.stringify({ ok: true, pad: 'x'.repeat(Math.max(0, bytes - frame)) });
    answers.set(bytes, answer);
  }
  return answer;
};
for (const path of ['/bare', '/api/bare']) {
  app.post(path, async (request, reply) => {
    const bytes = Math.min(1_000_000, Number.parseInt(request.query.bytes ?? '0', 10) || 0);
    return reply.type('application/json; charset=utf-8').send(answerOf(bytes));
  });
}

await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? 0) });
console.log(JSON.stringify({ port: app.server.address().port }));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
