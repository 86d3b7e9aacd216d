import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { LogEvent } from 'kysely';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';
import type { DatabaseHandle, PoolFigures } from '../../db/database';
import { startMetricsListener, type MetricsListener } from './listener';
import { counterFamily, DurationTally, histogramFamily, QUERY_BUCKETS, RequestTally } from './tallies';

declare module 'fastify' {
  interface FastifyInstance {
    /** The api's metrics (src/plugins/metrics/README.md): the registry its listener serves, and the per-route tallies. */
    metrics: Metrics;
  }
}

type Options<C> = Omit<C, 'registers'>;

export interface Metrics {
  /** METRICS_PORT is set: requests and queries are tallied, and the listener serves the registry. */
  readonly enabled: boolean;
  /**
   * A family of the registry, made on the first call and the same one after (the jobs of an app share theirs). Made
   * also when metrics are off (nobody reads them then): the rare events they count cost nothing worth a branch.
   */
  counter<T extends string>(options: Options<CounterConfiguration<T>>): Counter<T>;
  gauge<T extends string>(options: Options<GaugeConfiguration<T>>): Gauge<T>;
  histogram<T extends string>(options: Options<HistogramConfiguration<T>>): Histogram<T>;
  /** The tally of a route's answers, for the polling calls' warm path, which answers outside Fastify; none when off. */
  requests(method: string, route: string): RequestTally | undefined;
  /** The listener's address once the app is ready; undefined when metrics are off. */
  readonly url: string | undefined;
}

export interface MetricsPluginOptions {
  /** METRICS_HOST and METRICS_PORT; undefined (METRICS_PORT unset): no listener, and nothing tallied. */
  listen: { host: string; port: number } | undefined;
  database: DatabaseHandle;
}

/** The route label of a request no route matched (a 404): its URL is the caller's and could be anything. */
export const UNMATCHED_ROUTE = 'unmatched';

const QUERY_OPERATIONS: Readonly<Record<string, string>> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};
const RAW_OPERATIONS = new Set(['select', 'insert', 'update', 'delete']);
const TRANSACTION_STATEMENTS = new Set(['begin', 'start', 'commit', 'rollback', 'savepoint', 'release']);

/** The kind of a statement: Kysely's node, or the first word of raw SQL. */
function operationOf(event: LogEvent): string {
  const built = QUERY_OPERATIONS[event.query.query.kind];
  if (built) return built;
  const word = /^\s*([a-z]+)/i.exec(event.query.sql)?.[1]?.toLowerCase() ?? '';
  if (RAW_OPERATIONS.has(word)) return word;
  return TRANSACTION_STATEMENTS.has(word) ? 'transaction' : 'other';
}

/**
 * The metrics of one app (one api instance), in a registry of its own (tests build many apps in one process). When
 * on: every route gets an onResponse hook of its own, added as the route is declared, which adds the answer to the
 * route's tally without looking anything up (the route, method and tally are its closure); one app-wide hook counts
 * the requests no route matched. The query observer and the pool's figures come from the database handle; the rest
 * of the families are declared by the code that counts them (jobs, mail, limits, exit point).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const registry = new Registry();
    const enabled = options.listen !== undefined;
    const tallies = new Map<string, RequestTally>();
    const tallyOf = (method: string, url: string) => {
      // A plugin's prefix route answers with and without the trailing slash: one route.
      const route = url.length > 1 ? url.replace(/\/$/, '') : url;
      const key = `${method} ${route}`;
      let tally = tallies.get(key);
      if (!tally) tallies.set(key, (tally = new RequestTally(method, route)));
      return tally;
    };
    let listener: MetricsListener | undefined;

    const once = <M>(name: string, make: () => M): M => (registry.getSingleMetric(name) as M | undefined) ?? make();
    const metrics: Metrics = {
      enabled,
      counter: (config) => once(config.name, () => new Counter({ ...config, registers: [registry] })),
      gauge: (config) => once(config.name, () => new Gauge({ ...config, registers: [registry] })),
      histogram: (config) => once(config.name, () => new Histogram({ ...config, registers: [registry] })),
      requests: (method, route) => (enabled ? tallyOf(method, route) : undefined),
      get url() {
        return listener?.url;
      },
    };
    app.decorate('metrics', metrics);
    if (!options.listen) return;
    const where = options.listen;

    collectDefaultMetrics({ register: registry });
    registerRequestFamilies(registry, tallies);
    observeDatabase(app, registry, options.database);

    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      const byMethod = new Map(methods.map((method) => [method, tallyOf(method, route.url)]));
      const only = methods.length === 1 ? byMethod.get(methods[0] as string) : undefined;
      const record: onResponseHookHandler = (request, reply, done) => {
        (only ?? byMethod.get(request.method))?.record(reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      // A new array: Fastify's HEAD route shares the GET route's options, and gets a tally of its own.
      route.onResponse = [...[route.onResponse ?? []].flat(), record];
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) tallyOf(request.method, UNMATCHED_ROUTE).record(reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.addHook('onReady', async () => {
      listener = await startMetricsListener(registry, where, app.log);
      app.log.info({ url: `${listener.url}/metrics` }, 'metrics listening');
    });
    app.addHook('onClose', async () => listener?.close());
  },
  { name: 'varco-metrics' },
);

/** Requests by route, method and status, and their durations by route and method. */
function registerRequestFamilies(registry: Registry, tallies: Map<string, RequestTally>): void {
  registry.registerMetric(
    counterFamily('varco_http_requests_total', 'Requests answered, by route pattern, method and status.', () =>
      [...tallies.values()].flatMap((tally) =>
        [...tally.statuses].map(([status, value]) => ({
          labels: { method: tally.method, route: tally.route, status: String(status) },
          value,
        })),
      ),
    ),
  );
  registry.registerMetric(
    histogramFamily(
      'varco_http_request_duration_seconds',
      'Time from routing to the end of the answer, by route pattern and method.',
      () => [...tallies.values()].map((tally) => ({ labels: { method: tally.method, route: tally.route }, tally })),
    ),
  );
}

/** Query durations and failures by kind of statement; the pool's figures on PostgreSQL. */
function observeDatabase(app: FastifyInstance, registry: Registry, database: DatabaseHandle): void {
  const durations = new Map<string, DurationTally>();
  const errors = new Map<string, number>();
  const stop = database.observeQueries((event) => {
    const operation = operationOf(event);
    let tally = durations.get(operation);
    if (!tally) durations.set(operation, (tally = new DurationTally(QUERY_BUCKETS)));
    tally.observe(event.queryDurationMillis / 1000);
    if (event.level === 'error') errors.set(operation, (errors.get(operation) ?? 0) + 1);
  });
  app.addHook('onClose', async () => stop());
  registry.registerMetric(
    histogramFamily(
      'varco_db_query_duration_seconds',
      'Time of a statement on its connection (the wait for the connection not included), by kind of statement.',
      () => [...durations].map(([operation, tally]) => ({ labels: { operation }, tally })),
    ),
  );
  registry.registerMetric(
    counterFamily('varco_db_query_errors_total', 'Statements that failed, by kind of statement.', () =>
      [...errors].map(([operation, value]) => ({ labels: { operation }, value })),
    ),
  );

  if (database.pool() === undefined) return;
  const figures = () => database.pool() as PoolFigures;
  const gauge = (name: string, help: string, read: (pool: PoolFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(figures()));
      },
    });
  gauge('varco_db_pool_connections_max', 'The most connections the pool opens (DATABASE_POOL_MAX).', (p) => p.max);
  gauge('varco_db_pool_connections_in_use', 'Connections checked out of the pool.', (p) => p.total - p.idle);
  gauge('varco_db_pool_connections_idle', 'Connections open and idle in the pool.', (p) => p.idle);
  gauge('varco_db_pool_waiting', 'Callers waiting for a connection of the pool.', (p) => p.waiting);
  registry.registerMetric(
    counterFamily('varco_db_pool_acquires_total', 'Connections handed out by the pool.', () => [
      { labels: {}, value: figures().acquired },
    ]),
  );
  registry.registerMetric(
    counterFamily(
      'varco_db_pool_acquire_wait_seconds_total',
      'Seconds callers waited for a connection of the pool, in all (its rate is the mean number of callers waiting).',
      () => [{ labels: {}, value: figures().acquireSeconds }],
    ),
  );
}
