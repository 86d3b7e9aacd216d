// A server span for each request that reaches Fastify, and the trace id on the request's log lines.
import type { IncomingMessage } from 'node:http';
import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { activeTracing } from './state';

/** The span attribute that carries Fastify's request id (the `reqId` of the log lines, `x-request-id` of the answer). */
export const REQUEST_ID_ATTRIBUTE = 'varco.request_id';

const SPAN = Symbol('varco.span');
const CONTEXT = Symbol('varco.traceContext');

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/** The raw request, which Fastify hands to the logger factory before the request object exists. */
type Traced = IncomingMessage & { [SPAN]?: Span | undefined; [CONTEXT]?: Context };

export interface RequestTracing {
  /** Wraps the app's logger factory: the span starts here, so that every line of the request, the first included, has its trace id. */
  childLoggerFactory(inner: FastifyChildLoggerFactory): FastifyChildLoggerFactory;
  /** Names the span after its route, runs the request in the span's context and ends it with the answer. Register it first. */
  plugin: (app: FastifyInstance) => Promise<void>;
}

/**
 * Undefined when tracing is off: the app then keeps its own logger factory and gets no hook. `trustProxy`: a W3C
 * `traceparent` is followed only from our own proxy, as `x-request-id` is.
 */
export function requestTracing(options: { trustProxy: boolean }): RequestTracing | undefined {
  const tracing = activeTracing();
  if (!tracing) return undefined;
  const { api, tracer } = tracing;

  function end(raw: Traced, status: number | undefined): void {
    const span = raw[SPAN];
    if (!span) return;
    raw[SPAN] = undefined;
    if (status === undefined) {
      // The client went away before the answer.
      span.setAttribute('error.type', 'aborted');
    } else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) {
        span.setAttribute('error.type', String(status));
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
    }
    span.end();
  }

  return {
    childLoggerFactory(inner) {
      return function (this: FastifyInstance, logger, bindings, childOptions, rawReq) {
        const raw = rawReq as Traced;
        const parent = options.trustProxy ? api.propagation.extract(api.ROOT_CONTEXT, raw.headers) : api.ROOT_CONTEXT;
        const url = raw.url ?? '/';
        const query = url.indexOf('?');
        // The query is left out: activation and reset links carry their keys there.
        const span = tracer.startSpan(
          raw.method ?? 'HTTP',
          {
            kind: api.SpanKind.SERVER,
            attributes: {
              'http.request.method': raw.method ?? '_OTHER',
              'url.path': query === -1 ? url : url.slice(0, query),
            },
          },
          parent,
        );
        raw[SPAN] = span;
        raw[CONTEXT] = api.trace.setSpan(parent, span);
        const { traceId, spanId, traceFlags } = span.spanContext();
        // The names of OpenTelemetry's log correlation (and of its pino instrumentation).
        Object.assign(bindings, { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` });
        return inner.call(this, logger, bindings, childOptions, rawReq);
      } as FastifyChildLoggerFactory;
    },

    plugin: fp(
      async (app: FastifyInstance) => {
        app.addHook('onRequest', (request, _reply, done) => {
          const raw = request.raw as Traced;
          const span = raw[SPAN];
          const context = raw[CONTEXT];
          if (!span || !context) return done();
          span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
          const route = request.routeOptions.url;
          if (route) {
            span.setAttribute('http.route', route);
            span.updateName(`${request.method} ${route}`);
          }
          // The hooks and the handler that follow run in the span's context: their queries and calls are its children.
          api.context.with(context, done);
        });
        // A body is read from the socket's events, outside that context: enter it again once the body is parsed.
        app.addHook('preValidation', (request, _reply, done) => {
          const context = (request.raw as Traced)[CONTEXT];
          if (context && api.context.active() !== context) api.context.with(context, done);
          else done();
        });
        app.addHook('onResponse', (request, reply, done) => {
          end(request.raw as Traced, reply.statusCode);
          done();
        });
        app.addHook('onRequestAbort', (request, done) => {
          end(request.raw as Traced, undefined);
          done();
        });
      },
      { name: 'varco-tracing' },
    ),
  };
}
