// Whether this process traces. Everything that traces asks once, as it is built (the app, the database, the mail
// sender, the identity provider's client), and stays as it is when the answer is no: no hook, no wrapper, no
// OpenTelemetry module loaded.
import type * as otel from '@opentelemetry/api';

/** The OpenTelemetry API, loaded when tracing started (start.ts), and the api's tracer. */
export interface ActiveTracing {
  readonly api: typeof otel;
  readonly tracer: otel.Tracer;
}

let active: ActiveTracing | undefined;

/** Undefined unless startTracing has run in this process (and not been shut down). */
export function activeTracing(): ActiveTracing | undefined {
  return active;
}

export function setActiveTracing(value: ActiveTracing | undefined): void {
  active = value;
}

/** Marks `span` as failed by `error`: its type (a PostgreSQL SQLSTATE when given, else the error's name) and message. */
export function recordError({ api }: ActiveTracing, span: otel.Span, error: unknown, type?: string): void {
  span.setAttribute('error.type', type ?? (error instanceof Error ? error.name : 'Error'));
  span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
