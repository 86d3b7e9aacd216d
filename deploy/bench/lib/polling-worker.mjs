// Travelers polling (polling-load.mjs) in a worker thread, so that their 2,000-odd calls a second do not delay the
// timers of another load in the main thread. workerData: { url, sessions: [{ token }], withCount }; any message stops
// the polling, and the worker answers with the calls it recorded. workerData.maxSockets: the connections they share.
import { parentPort, workerData } from 'node:worker_threads';
import { startPolling } from './polling-load.mjs';

const polling = startPolling(workerData.url, workerData.sessions, workerData.withCount, {
  maxSockets: workerData.maxSockets,
});
parentPort.once('message', async () => parentPort.postMessage(await polling.stop()));
