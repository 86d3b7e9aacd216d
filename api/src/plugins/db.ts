import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import { migrate, readMigrations } from '../db/migrator';
import type { Database } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The typed query builder; every module's repository takes it. */
    db: Kysely<Database>;
    database: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  handle: DatabaseHandle;
  /** Apply pending migrations before the app serves (off when operators run `npm run migrate` themselves). */
  migrate: boolean;
  migrationsDir: string;
  /** Close the database when the app closes; false when the caller owns it (the server, a test). */
  closeOnExit: boolean;
}

export const dbPlugin = fp(
  async (app: FastifyInstance, options: DbPluginOptions) => {
    if (options.migrate) {
      const applied = await migrate(options.handle, readMigrations(options.migrationsDir), app.log);
      if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    }
    app.decorate('database', options.handle);
    app.decorate('db', options.handle.db);
    if (options.closeOnExit) app.addHook('onClose', async () => options.handle.close());
  },
  { name: 'varco-db' },
);
