import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { DatabaseHandle } from '../db/database';

/** The tables a statement names, found anywhere in its tree (joins and subqueries too). */
function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (node && typeof node === 'object') {
    const table = node as { kind?: unknown; table?: { identifier?: { name?: unknown } } };
    if (table.kind === 'TableNode' && typeof table.table?.identifier?.name === 'string')
      found.add(table.table.identifier.name);
    for (const child of Object.values(node)) tablesOf(child, found);
  }
  return found;
}

/** `handle` with every statement of its Kysely recorded by the tables it names: caching is proven by counting reads. */
export function recordingStatements(handle: DatabaseHandle): {
  handle: DatabaseHandle;
  naming: (table: string) => number;
} {
  const statements: Array<Set<string>> = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }: { node: RootOperationNode }) => {
      statements.push(tablesOf(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    handle: { ...handle, db: handle.db.withPlugin(recorder) },
    naming: (table) => statements.filter((tables) => tables.has(table)).length,
  };
}
