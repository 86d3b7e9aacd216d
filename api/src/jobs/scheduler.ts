import type { FastifyInstance } from 'fastify';

/** The timer functions a job runs on; the global ones by default, a hand-driven pair in tests. */
export interface JobTimers {
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PeriodicJob {
  /** Named in the logs. */
  name: string;
  /** The pause between the end of a pass and the start of the next (ms). */
  intervalMs: number;
  /** When the first pass runs after the start (ms); `intervalMs` by default, 0 for at once. */
  firstDelayMs?: number;
  /** One pass. A failure is logged and the job goes on at the next interval. */
  run: () => Promise<unknown>;
}

export interface JobLogger {
  warn(details: object, message: string): void;
}

const globalTimers: JobTimers = {
  setTimeout(run, delayMs) {
    // A pending pass never keeps the process alive: the server stops through close().
    return setTimeout(run, delayMs).unref();
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Starts a periodic job: its first pass after `firstDelayMs`, then one `intervalMs` after the end of each pass, so that
 * two passes never overlap in a process. `stop()` cancels the next pass and waits for the one under way.
 */
export function startPeriodicJob(
  job: PeriodicJob,
  logger: JobLogger,
  timers: JobTimers = globalTimers,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: unknown;
  let running: Promise<void> | undefined;

  const pass = async () => {
    try {
      await job.run();
    } catch (error) {
      logger.warn({ err: error, job: job.name }, `${job.name} failed`);
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = timers.setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        schedule(job.intervalMs);
      });
    }, delayMs);
  };
  schedule(job.firstDelayMs ?? job.intervalMs);

  return {
    async stop() {
      stopped = true;
      timers.clearTimeout(timer);
      await running;
    },
  };
}

/** Runs a periodic job with the app: started when it is ready, stopped (its pass under way awaited) when it closes. */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob, timers?: JobTimers): void {
  let handle: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    handle = startPeriodicJob(job, app.log, timers);
  });
  app.addHook('onClose', async () => handle?.stop());
}
