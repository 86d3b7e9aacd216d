import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../jobs/scheduler';
import { expireDue } from './transitions';

export interface VisaExpiryOptions {
  /** How often the job runs (ms); every minute by default. */
  intervalMs?: number;
  /** False: this instance runs no job (another one does). */
  enabled?: boolean;
  /** The clock of the job (tests). */
  clock?: () => Date;
}

const VISA_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Expires pending visa requests whose travel date passed more than 12 hours ago (transitions.ts `expireDue`): runs
 * as soon as the app is ready (a restart must not leave due requests pending for another interval) and then every
 * `intervalMs`, never two passes at once in a process (jobs/scheduler.ts). Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so every api instance can run the job. Stopped when the app closes.
 */
export const visaExpiryPlugin = fp(
  async (app: FastifyInstance, options: VisaExpiryOptions) => {
    if (options.enabled === false) return;
    const clock = options.clock ?? (() => new Date());
    const log = app.log.child({ module: 'visa-expiry' });
    schedulePeriodicJob(app, {
      name: 'visa expiry pass',
      intervalMs: options.intervalMs ?? VISA_EXPIRY_INTERVAL_MS,
      firstDelayMs: 0,
      run: async () => {
        const expired = await expireDue(app.db, clock());
        if (expired > 0) log.info({ expired }, 'visa requests expired');
      },
    });
  },
  { name: 'varco-visa-expiry', dependencies: ['varco-db'] },
);
