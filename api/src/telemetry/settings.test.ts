import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('tracing configuration (OTEL_*)', () => {
  it('is off without an endpoint, and on with one, with the defaults of the specification', () => {
    assert.equal(loadConfig({}).tracing, undefined);
    assert.deepEqual(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing, {
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'varco-api',
      resourceAttributes: {},
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
  });

  it('reads every variable the api honours', () => {
    const tracing = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.org/base/',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc, x-tenant = varco',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=traces',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production,service.name=ignored',
      OTEL_SERVICE_NAME: 'varco-api-eu',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_SDK_DISABLED: 'false',
    }).tracing;
    assert.deepEqual(tracing, {
      tracesUrl: 'https://otlp.example.org/base/v1/traces',
      headers: { authorization: 'Bearer abc', 'x-tenant': 'traces' },
      serviceName: 'varco-api-eu',
      resourceAttributes: { 'deployment.environment.name': 'production' },
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
    });
    // The traces endpoint is taken as it is, and wins; service.name of the resource names the service when
    // OTEL_SERVICE_NAME does not.
    const specific = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/custom/path',
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attributes',
    }).tracing;
    assert.equal(specific?.tracesUrl, 'http://traces:9999/custom/path');
    assert.equal(specific?.serviceName, 'from-attributes');
  });

  it('refuses wrong values in one message, naming each variable and never echoing a header', () => {
    const problems = problemsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://collector',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_EXPORTER_OTLP_HEADERS: 'api-key-without-value-s3cret',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '2',
      OTEL_SDK_DISABLED: 'yes',
    });
    assert.deepEqual(problems, [
      'OTEL_SDK_DISABLED: must be true or false',
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http(s) URL',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: must be an http(s) URL',
      'OTEL_EXPORTER_OTLP_PROTOCOL: must be http/protobuf (grpc and http/json are not supported)',
      'OTEL_EXPORTER_OTLP_HEADERS: must be key=value pairs separated by commas (values URL-encoded)',
      'OTEL_TRACES_SAMPLER: must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio',
      'OTEL_TRACES_SAMPLER_ARG: must be a number from 0 to 1',
    ]);
    assert.ok(problems.every((problem) => !problem.includes('s3cret')));
    // The same message as every other problem of the configuration.
    assert.throws(
      () => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'nowhere' }),
      /Invalid configuration of the api:\n {2}- OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL/,
    );
  });
});
