import type { Kysely, Selectable } from 'kysely';
import type { Database } from './types';

/** The tables of the API keys' holders (src/api-keys.ts): the key's hash, and when it was revoked. */
export type ApiKeyHolderTable = 'merchant' | 'exit_point_client';

/** The holder of a live (not revoked) API key, found by the key's hash, with `columns`. */
export function findLiveApiKeyHolder<T extends ApiKeyHolderTable, C extends keyof Selectable<Database[T]> & string>(
  db: Kysely<Database>,
  table: T,
  columns: readonly C[],
  keyHash: string,
): Promise<Pick<Selectable<Database[T]>, C> | undefined> {
  // Kysely cannot follow a table given as a type parameter: the query is typed as if on one of them, which has the
  // same two columns it filters on.
  return db
    .selectFrom(table as 'merchant')
    .select(columns as readonly (keyof Selectable<Database['merchant']> & string)[])
    .where('api_key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst() as Promise<Pick<Selectable<Database[T]>, C> | undefined>;
}
