// Starts tracing when the configuration names an OTLP endpoint. The OpenTelemetry packages are imported here, and
// only here, with import(): a process that does not trace never loads them (the bundle keeps them as dynamic imports).
import { randomUUID } from 'node:crypto';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { TracingConfig } from './settings';
import { setActiveTracing } from './state';

/** The name of the api's tracer (the instrumentation scope of its spans). */
export const TRACER_NAME = 'varco-api';

/** How long a shutdown waits for the last spans to be exported. */
const SHUTDOWN_WAIT_MS = 3_000;

/** What the SDK's diagnostics are written to: the app's logger will do. */
export interface DiagnosticLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Tracing {
  /** Where spans go (no credentials), for the start-up log line. */
  readonly description: { traces: string; serviceName: string; sampler: string };
  /** Sends the SDK's own warnings and errors (a collector that cannot be reached) to the api's log. */
  useLogger(logger: DiagnosticLog): void;
  /** Exports the spans waiting in the batch. */
  forceFlush(): Promise<void>;
  /** Exports what is left (waiting 3 s at most), then unregisters everything: the process is again one that does not trace. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** service.version of the resource. */
  serviceVersion?: string;
  /** Tests: spans go to this exporter, each as it ends, instead of to the OTLP endpoint in batches. */
  exporter?: SpanExporter;
}

/** The traces URL as it may be logged: no user or password, no query. */
function safeUrl(value: string): string {
  const url = new URL(value);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export async function startTracing(config: TracingConfig, options: TracingOptions = {}): Promise<Tracing> {
  const [api, sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const exporter =
    options.exporter ??
    new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter({
      url: config.tracesUrl,
      headers: config.headers,
    });

  const ratio = new sdk.TraceIdRatioBasedSampler(config.samplerRatio);
  const roots = {
    always_on: new sdk.AlwaysOnSampler(),
    always_off: new sdk.AlwaysOffSampler(),
    traceidratio: ratio,
  };
  const sampler = config.sampler.startsWith('parentbased_')
    ? new sdk.ParentBasedSampler({ root: roots[config.sampler.slice('parentbased_'.length) as keyof typeof roots] })
    : roots[config.sampler as keyof typeof roots];

  const provider = new sdk.TracerProvider({
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        ...config.resourceAttributes,
        'service.name': config.serviceName,
        // Tells the instances of one service apart; an operator's own value wins.
        'service.instance.id': config.resourceAttributes['service.instance.id'] ?? randomUUID(),
        ...(options.serviceVersion ? { 'service.version': options.serviceVersion } : {}),
      }),
    ),
    sampler,
    spanProcessors: [
      options.exporter ? new sdk.SimpleSpanProcessor({ exporter }) : new sdk.BatchSpanProcessor({ exporter }),
    ],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  setActiveTracing({ api, tracer: provider.getTracer(TRACER_NAME, options.serviceVersion) });

  let stopped: Promise<void> | undefined;
  return {
    description: {
      traces: safeUrl(config.tracesUrl),
      serviceName: config.serviceName,
      sampler: config.sampler.endsWith('traceidratio') ? `${config.sampler} ${config.samplerRatio}` : config.sampler,
    },
    useLogger(logger) {
      const write =
        (level: 'warn' | 'error') =>
        (message: string, ...args: unknown[]) =>
          logger[level](
            { details: args.map((arg) => (arg instanceof Error ? arg.message : String(arg))) },
            `OpenTelemetry: ${message}`,
          );
      const drop = () => undefined;
      api.diag.setLogger(
        { error: write('error'), warn: write('warn'), info: drop, debug: drop, verbose: drop },
        api.DiagLogLevel.WARN,
      );
    },
    forceFlush: () => provider.forceFlush(),
    shutdown() {
      stopped ??= (async () => {
        setActiveTracing(undefined);
        let timer: NodeJS.Timeout | undefined;
        try {
          // A collector that does not answer must not hold the api's stop for the exporter's whole timeout, nor fail it.
          await Promise.race([
            provider.shutdown().catch((error: unknown) => api.diag.error('the last spans were not exported', error)),
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
            }),
          ]);
        } finally {
          clearTimeout(timer);
          api.trace.disable();
          api.context.disable();
          api.propagation.disable();
          api.diag.disable();
        }
      })();
      return stopped;
    },
  };
}
