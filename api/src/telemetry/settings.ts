// The tracing part of the api's configuration (config.ts): OpenTelemetry's own environment variables, validated with
// the rest at start. Tracing is off unless an OTLP endpoint is named.
import { z } from 'zod';
import { httpUrl, optional } from '../env-variables';

/** Where spans go and what they say about the process, once tracing is on. */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`. */
  tracesUrl: string;
  /** Sent with every export (a collector's key): never logged. */
  headers: Record<string, string>;
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES, without service.name (serviceName says it). */
  resourceAttributes: Record<string, string>;
  sampler: TracingSampler;
  /** OTEL_TRACES_SAMPLER_ARG: the share of traces kept by the ratio samplers (0 to 1). */
  samplerRatio: number;
}

export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TracingSampler = (typeof TRACES_SAMPLERS)[number];

export const DEFAULT_SERVICE_NAME = 'varco-api';

const endpoint = httpUrl('must be an http(s) URL');

const protocol = z.string().refine((value) => value === 'http/protobuf', {
  // The one OTLP transport the api ships (the specification's default); collectors accept it on port 4318.
  error: 'must be http/protobuf (grpc and http/json are not supported)',
});

/** `key=value,key=value` with URL-encoded values (the OTLP headers and resource attributes format). */
function parsePairs(value: string): Record<string, string> | undefined {
  const pairs: Record<string, string> = {};
  for (const item of value.split(',')) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    if (at <= 0) return undefined;
    const key = item.slice(0, at).trim();
    try {
      pairs[key] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      return undefined;
    }
    if (key === '') return undefined;
  }
  return pairs;
}

const pairs = z.string().transform((value, context) => {
  const parsed = parsePairs(value);
  if (parsed) return parsed;
  // The value is not echoed: headers may hold a key.
  context.addIssue({ code: 'custom', message: 'must be key=value pairs separated by commas (values URL-encoded)' });
  return z.NEVER;
});

const RATIO = 'must be a number from 0 to 1';

/** Spread into config.ts's schema: each entry is one variable. */
export const TRACING_ENV = {
  OTEL_SDK_DISABLED: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(endpoint.optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional(endpoint.optional()),
  OTEL_EXPORTER_OTLP_PROTOCOL: optional(protocol.optional()),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: optional(protocol.optional()),
  OTEL_EXPORTER_OTLP_HEADERS: optional(pairs.optional()),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: optional(pairs.optional()),
  OTEL_SERVICE_NAME: optional(z.string().trim().min(1).optional()),
  OTEL_RESOURCE_ATTRIBUTES: optional(pairs.optional()),
  OTEL_TRACES_SAMPLER: optional(
    z.enum(TRACES_SAMPLERS, { error: `must be one of ${TRACES_SAMPLERS.join(', ')}` }).default('parentbased_always_on'),
  ),
  OTEL_TRACES_SAMPLER_ARG: optional(z.coerce.number({ error: RATIO }).min(0, RATIO).max(1, RATIO).default(1)),
};

type TracingEnv = z.output<z.ZodObject<typeof TRACING_ENV>>;

/** The traces URL as the OTLP exporters build it: a base endpoint gets `v1/traces` after it. */
function tracesUrl(value: TracingEnv): string | undefined {
  if (value.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return value.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = value.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!base) return undefined;
  return `${base.endsWith('/') ? base : `${base}/`}v1/traces`;
}

/** The `tracing` entry of the configuration: none (tracing off) unless an endpoint is set and OTEL_SDK_DISABLED is not true. */
export function tracingConfig(value: TracingEnv): { tracing?: TracingConfig } {
  const url = tracesUrl(value);
  if (!url || value.OTEL_SDK_DISABLED === 'true') return {};
  const { 'service.name': namedInAttributes, ...resourceAttributes } = value.OTEL_RESOURCE_ATTRIBUTES ?? {};
  const tracing: TracingConfig = {
    tracesUrl: url,
    headers: { ...value.OTEL_EXPORTER_OTLP_HEADERS, ...value.OTEL_EXPORTER_OTLP_TRACES_HEADERS },
    serviceName: value.OTEL_SERVICE_NAME ?? namedInAttributes ?? DEFAULT_SERVICE_NAME,
    resourceAttributes,
    sampler: value.OTEL_TRACES_SAMPLER,
    samplerRatio: value.OTEL_TRACES_SAMPLER_ARG,
  };
  return { tracing };
}
