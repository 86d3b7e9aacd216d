import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Background {
  /** Starts `work` without making the caller wait for it; a failure is logged with `what`, never lost. */
  run(what: string, work: () => Promise<unknown>): void;
  /** Resolves when all the work started so far has ended (the app's close waits for it too). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

/**
 * Work a call starts but does not answer with: the answer then takes the same time whatever the work finds (the
 * password recovery must not tell, by its timing, whether an account exists).
 */
export const backgroundPlugin = fp(
  async (app: FastifyInstance) => {
    const pending = new Set<Promise<unknown>>();
    const background: Background = {
      run(what, work) {
        const task = Promise.resolve()
          .then(work)
          .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
          .finally(() => pending.delete(task));
        pending.add(task);
      },
      async settled() {
        while (pending.size > 0) await Promise.all(pending);
      },
    };
    app.decorate('background', background);
    app.addHook('onClose', async () => background.settled());
  },
  { name: 'varco-background' },
);
