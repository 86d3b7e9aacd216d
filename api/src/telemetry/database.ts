// A client span for each query that Kysely sends, on PostgreSQL and on PGlite alike: the dialect's driver is the one
// place every query (transactions' included) goes through.
import type { Attributes } from '@opentelemetry/api';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { activeTracing, recordError, type ActiveTracing } from './state';

/** Longer statements are cut in the span: a collector refuses huge attributes, and the start of a query names it. */
const MAX_QUERY_TEXT = 2048;

interface Named {
  kind: string;
  [field: string]: unknown;
}

/** The table a query node works on, when it names one plainly (`travelers`, `travelers as t`). */
function tableName(node: unknown): string | undefined {
  const named = node as Named | undefined;
  if (named?.kind === 'AliasNode') return tableName(named.node);
  if (named?.kind !== 'TableNode') return undefined;
  return ((named.table as Named | undefined)?.identifier as { name?: string } | undefined)?.name;
}

const firstFrom = (node: unknown) => ((node as { froms?: readonly unknown[] } | undefined)?.froms ?? [])[0];

/** The operation and table of a query, for the span's name: `SELECT travelers`, or `BEGIN` for a raw statement. */
function describe(query: CompiledQuery): { operation: string; table: string | undefined } {
  const node = query.query as OperationNode as Named;
  switch (node.kind) {
    case 'SelectQueryNode':
      return { operation: 'SELECT', table: tableName(firstFrom(node.from)) };
    case 'InsertQueryNode':
      return { operation: 'INSERT', table: tableName(node.into) };
    case 'UpdateQueryNode':
      return { operation: 'UPDATE', table: tableName(node.table) };
    case 'DeleteQueryNode':
      return { operation: 'DELETE', table: tableName(firstFrom(node.from)) };
    case 'MergeQueryNode':
      return { operation: 'MERGE', table: tableName(node.into) };
    default:
      return { operation: /^\s*([a-z]+)/i.exec(query.sql)?.[1]?.toUpperCase() ?? 'SQL', table: undefined };
  }
}

/**
 * Runs `work` in a client span when a recording span is active: a query is part of the request (or the call) that runs
 * it. The background jobs' polling queries, and those a request leaves running after its answer, make no span.
 */
function inSpan<T>(
  tracing: ActiveTracing,
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  done?: (span: { setAttribute(key: string, value: number): void }, result: T) => void,
): Promise<T> {
  const { api, tracer } = tracing;
  const parent = api.context.active();
  if (!api.trace.getSpan(parent)?.isRecording()) return work();
  const span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, parent);
  return work().then(
    (result) => {
      done?.(span, result);
      span.end();
      return result;
    },
    (error: unknown) => {
      // A PostgreSQL error carries its SQLSTATE in `code`.
      const code = (error as { code?: unknown } | undefined)?.code;
      if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
      recordError(tracing, span, error, typeof code === 'string' ? code : undefined);
      span.end();
      throw error;
    },
  );
}

/** Where the database is, for the spans' attributes: the server's address and the database's name (PostgreSQL). */
export interface DatabaseTarget {
  address?: string;
  port?: number;
  name?: string;
}

/** The target of a `postgres://` URL, without its credentials. */
export function postgresTarget(url: string): DatabaseTarget {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return {
    address: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 5432,
    ...(name ? { name } : {}),
  };
}

/** `dialect` itself when tracing is off; else the same dialect whose driver traces each query. */
export function tracedDialect(dialect: Dialect, target: DatabaseTarget = {}): Dialect {
  const tracing = activeTracing();
  if (!tracing) return dialect;
  const common: Attributes = {
    'db.system.name': 'postgresql',
    ...(target.address ? { 'server.address': target.address } : {}),
    ...(target.port ? { 'server.port': target.port } : {}),
    ...(target.name ? { 'db.namespace': target.name } : {}),
  };
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => tracedDriver(dialect.createDriver(), tracing, common),
  };
}

/** A connection as the traced driver hands it out; the driver's own methods get the inner one back. */
interface TracedConnection extends DatabaseConnection {
  readonly inner: DatabaseConnection;
}

function tracedDriver(driver: Driver, tracing: ActiveTracing, common: Attributes): Driver {
  const statement =
    (name: string) => (connection: DatabaseConnection, run: (inner: DatabaseConnection) => Promise<void>) =>
      inSpan(tracing, name, { ...common, 'db.operation.name': name }, () =>
        run((connection as TracedConnection).inner),
      );
  const begin = statement('BEGIN');
  const commit = statement('COMMIT');
  const rollback = statement('ROLLBACK');
  const inner = (connection: DatabaseConnection) => (connection as TracedConnection).inner;

  const wrap = (connection: DatabaseConnection): TracedConnection => ({
    inner: connection,
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const { operation, table } = describe(query);
      const attributes: Attributes = {
        ...common,
        'db.operation.name': operation,
        'db.query.text': query.sql.length > MAX_QUERY_TEXT ? `${query.sql.slice(0, MAX_QUERY_TEXT)}…` : query.sql,
        ...(table ? { 'db.collection.name': table } : {}),
      };
      return inSpan(
        tracing,
        table ? `${operation} ${table}` : operation,
        attributes,
        () => connection.executeQuery<R>(query),
        (span, result) => {
          if (Array.isArray(result.rows)) span.setAttribute('db.response.returned_rows', result.rows.length);
        },
      );
    },
    // The api streams no query today: a stream goes through as it is.
    streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
  });

  const traced: Driver = {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    beginTransaction: (connection, settings: TransactionSettings) =>
      begin(connection, (c) => driver.beginTransaction(c, settings)),
    commitTransaction: (connection) => commit(connection, (c) => driver.commitTransaction(c)),
    rollbackTransaction: (connection) => rollback(connection, (c) => driver.rollbackTransaction(c)),
    releaseConnection: (connection) => driver.releaseConnection(inner(connection)),
    destroy: () => driver.destroy(),
  };
  // Kysely asks whether a driver has savepoints: the traced one has them when the real one does.
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = driver;
  if (savepoint)
    traced.savepoint = (connection, name, compile) => savepoint.call(driver, inner(connection), name, compile);
  if (rollbackToSavepoint)
    traced.rollbackToSavepoint = (connection, name, compile) =>
      rollbackToSavepoint.call(driver, inner(connection), name, compile);
  if (releaseSavepoint)
    traced.releaseSavepoint = (connection, name, compile) =>
      releaseSavepoint.call(driver, inner(connection), name, compile);
  return traced;
}
