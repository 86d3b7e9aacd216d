/**
 * What became of one api call: `ok` when the api answered below 500 (a 4xx is the caller's mistake, not the api's), or
 * `failed` when it answered 5xx or not at all (unreachable, refused, timed out).
 */
export type CallOutcome = 'ok' | 'failed';
export type CallObserver = (outcome: CallOutcome) => void;

const observers = new Set<CallObserver>();

/**
 * Tells `observer` the outcome of every call the client makes from now on (the shell counts them per page); returns
 * the function that stops it. An observer that throws is ignored: counting never breaks a call.
 */
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function tell(outcome: CallOutcome): void {
  for (const observer of observers) {
    try {
      observer(outcome);
    } catch {
      // an observer's failure is its own
    }
  }
}

/**
 * The fetch the client sends through: every request of the page's api calls, first-screen calls included, passes
 * here once. The global fetch is read at each call, as ky's default would.
 */
export const observedFetch: typeof fetch = async (input, init) => {
  try {
    const response = await globalThis.fetch(input, init);
    tell(response.status < 500 ? 'ok' : 'failed');
    return response;
  } catch (error) {
    // No answer; the client passes no signal of a caller's, so an abort here is its own timeout.
    tell('failed');
    throw error;
  }
};
