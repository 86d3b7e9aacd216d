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
    const runs = app.metrics.counter({
      name: 'varco_background_tasks_total',
      help: 'Work calls started in the background (app.background), by task and outcome (ok or failed).',
      labelNames: ['task', 'outcome'] as const,
    });
    app.metrics.gauge({
      name: 'varco_background_tasks_in_flight',
      help: 'Background work started by calls and not ended yet.',
      collect() {
        this.set(pending.size);
      },
    });
    const background: Background = {
      run(what, work) {
        const task = Promise.resolve()
          .then(work)
          .then(
            () => runs.inc({ task: what, outcome: 'ok' }),
            (error: unknown) => {
              runs.inc({ task: what, outcome: 'failed' });
              app.log.error({ err: error }, `${what} failed`);
            },
          )
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
  { name: 'varco-background', dependencies: ['varco-metrics'] },
);
