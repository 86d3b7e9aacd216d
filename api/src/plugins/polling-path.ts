import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRecord } from '../session-record';
import type { WindowCounter } from './limits/window-counter';
import type { RequestTally } from './metrics/tallies';
import { SECURITY_HEADERS } from './security-headers';

/** A polling call's answer in its warm case (`pollingCall` in polling-limit.ts; the routes declare it). */
export interface WarmAnswer {
  status: number;
  /** The route's own headers, in the order its handler and Fastify set them (after SECURITY_HEADERS and the request id). */
  headers: Readonly<Record<string, string>>;
  /** The body for this session ('' for none), or undefined when Fastify's path must answer (a value not in memory). */
  body(session: SessionRecord): string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A polling call: its limit and its warm answer (polling-limit.ts). */
    polling?: { counter: WindowCounter; warm: WarmAnswer };
  }
}

interface WarmRoute {
  method: string;
  counter: WindowCounter;
  warm: WarmAnswer;
  /**
   * The header block, prepared once: SECURITY_HEADERS (as the first hook sets them), the request id (its value at
   * `idIndex`, per request), the route's own headers.
   */
  head: string[];
  idIndex: number;
  /** A state-changing call: the request-origin check applies, and Fastify would parse a body. */
  stateChanging: boolean;
  /** The route's tally in the metrics, shared with Fastify's path; undefined when metrics are off. */
  tally: RequestTally | undefined;
}

/**
 * The polling calls' warm path (docs/architecture.md "The polling calls' warm path"). Every signed-in browser sends the
 * notification count every 15 s and the keep-alive every 30 s (docs/calls.md): most of the api's requests, each
 * answered from memory. Fastify's per-request work around them (its request and reply objects, the hook runner through
 * five hooks, the reply's header handling) cost more than the answer itself (deploy/bench/README.md, "Polling").
 *
 * So a handler in front of Fastify's (a `serverFactory`) answers the warm case of a route declared with `pollingCall`:
 * the exact URL and method, a FULL session this instance holds in memory (`app.warmSession`, the session guard's own
 * resolution), a state-changing call with no body that the request-origin check admits whatever the api's own origin
 * (`app.stateChangeAdmittedAtOnce`, that check's own rule), the route's answer in memory (`WarmAnswer.body`) and a
 * call within the route's own limit (the same WindowCounter, counted once). It sends the same status, body and
 * headers as Fastify's path: SECURITY_HEADERS (imported, the one definition), the request id from Fastify's own
 * generator (`app.genReqId`, honouring a trusted x-request-id), then the route's headers. **Everything else** — no
 * or unknown session, expired, pending, over the limit, a value to read, any other URL, method or header situation,
 * the app not ready or closing — goes to Fastify unchanged, which stays the one place that decides those answers.
 * app.ts registers the plugin only without CORS (@fastify/cors sets headers per request origin, which this path does
 * not make); without the plugin the server hands every request to Fastify.
 *
 * Why not an encapsulated Fastify context with one combined hook: the security headers, cookie, origin and session
 * hooks are registered at the root (fastify-plugin) and run for every route, 404s included; a context cannot opt out
 * of its parents' hooks, so it would have meant moving every other route into a sibling context, and would still pay
 * Fastify's request, reply and hook-runner work that is most of the cost. `app.inject` does not pass through a
 * serverFactory: the tests of this path use real HTTP (polling-path.test.ts).
 */
export function createPollingPath() {
  let answer: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;

  /** Fastify's own HTTP/1 server (fastify/lib/server.js `getServerInstance`, same options), with the warm path first. */
  const serverFactory: FastifyServerFactory = (handler, serverOptions) => {
    // Fastify passes its own options, defaults filled in (typed loosely by Fastify).
    const options = serverOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number;
    };
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (answer !== undefined && answered(answer, req, res)) return;
      handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Collects the routes declared with `pollingCall`; the warm path answers from `onReady` until the app closes. */
  const plugin = fp(
    async (app: FastifyInstance) => {
      const routes = new Map<string, WarmRoute>();
      const security = Object.entries(SECURITY_HEADERS).flat();
      app.addHook('onRoute', (route) => {
        const polling = route.config?.polling;
        const method = route.method;
        // Fastify adds a HEAD route for every GET, with the same config: it answers no body, so it stays Fastify's.
        if (!polling || typeof method !== 'string' || method === 'HEAD') return;
        routes.set(route.url, {
          method,
          counter: polling.counter,
          warm: polling.warm,
          head: [...security, 'x-request-id', '', ...Object.entries(polling.warm.headers).flat()],
          idIndex: security.length + 1,
          stateChanging: method !== 'GET',
          tally: app.metrics.requests(method, route.url),
        });
      });
      app.addHook('onReady', (done) => {
        answer = warmAnswerer(app, routes);
        done();
      });
      app.addHook('preClose', (done) => {
        answer = undefined;
        done();
      });
    },
    {
      name: 'varco-polling-path',
      dependencies: ['varco-security-headers', 'varco-request-origin', 'varco-session', 'varco-metrics'],
    },
  );

  /** A throw of the warm path (a bug) is logged and, if nothing was written yet, the request goes to Fastify. */
  let log: FastifyInstance['log'] | undefined;
  const answered = (
    warm: (req: IncomingMessage, res: ServerResponse) => boolean,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    try {
      return warm(req, res);
    } catch (error) {
      log?.error({ err: error }, 'polling warm path failed');
      return res.headersSent;
    }
  };

  function warmAnswerer(app: FastifyInstance, routes: Map<string, WarmRoute>) {
    log = app.log;
    // Fastify's request id generator (genReqId, or a trusted x-request-id header first): what `request.id` would be.
    const requestId = (app as unknown as { genReqId(req: IncomingMessage): string }).genReqId;
    return (req: IncomingMessage, res: ServerResponse): boolean => {
      const route = routes.get(req.url ?? '');
      if (route === undefined || req.method !== route.method) return false;
      const startedAt = route.tally === undefined ? 0 : performance.now();
      const headers = req.headers;
      if (route.stateChanging) {
        // Fastify parses a body when there is a content type or a length (and may refuse it): its path decides then.
        const bodyless =
          headers['content-type'] === undefined &&
          headers['transfer-encoding'] === undefined &&
          (headers['content-length'] ?? '0') === '0';
        if (!bodyless || !app.stateChangeAdmittedAtOnce(headers)) return false;
      }
      const cookie = headers.cookie;
      const session = cookie === undefined ? undefined : app.warmSession(cookie);
      if (session === undefined) return false;
      const body = route.warm.body(session);
      // A refusal is the route's own hook's to answer (and count): the limit is counted once either way.
      if (body === undefined || !route.counter.admits(session.token_hash)) return false;
      route.counter.take(session.token_hash);
      const head = route.head.slice();
      head[route.idIndex] = requestId(req);
      if (body !== '') head.push('content-length', String(Buffer.byteLength(body)));
      res.writeHead(route.warm.status, head);
      res.end(body);
      // Counted with the route's answers on Fastify's path, timed from the route's match as Fastify's are.
      route.tally?.record(route.warm.status, (performance.now() - startedAt) / 1000);
      return true;
    };
  }

  return { serverFactory, plugin };
}
