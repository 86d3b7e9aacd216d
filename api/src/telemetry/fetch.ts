// A client span for each HTTP call the identity provider's client makes (discovery, token, user info).
import { activeTracing, recordError } from './state';

type Fetch = (url: string, options: RequestInit) => Promise<Response>;

/**
 * Undefined when tracing is off (the caller then keeps its own fetch); else a fetch that records each call. No trace
 * context is sent: the identity provider is another organisation's service.
 */
export function tracedFetch(): Fetch | undefined {
  const tracing = activeTracing();
  if (!tracing) return undefined;
  const { api, tracer } = tracing;
  return async (target, options) => {
    const url = new URL(target);
    const method = (options.method ?? 'GET').toUpperCase();
    // The path names the call (discovery, token, user info); the query is left out, it may carry a code or a token.
    const span = tracer.startSpan(`${method} ${url.pathname}`, {
      kind: api.SpanKind.CLIENT,
      attributes: {
        'http.request.method': method,
        'url.full': `${url.origin}${url.pathname}`,
        'url.template': url.pathname,
        'server.address': url.hostname,
        'server.port': url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
      },
    });
    try {
      const response = await fetch(target, options);
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 400) {
        span.setAttribute('error.type', String(response.status));
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      return response;
    } catch (error) {
      recordError(tracing, span, error);
      throw error;
    } finally {
      span.end();
    }
  };
}
