import { availableParallelism } from 'node:os';

/**
 * How many browsers the suite runs side by side (E2E_WORKERS, else one more than the cores: the journeys wait on the
 * network, mails and the api as much as on the CPU; at most 8, for one api pair and the seed's copies). Read by the
 * configuration and by the api's seed, which makes a copy of the demo traveler for each spec file in each worker.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(availableParallelism() + 1, 8));
