import { HTTPError, TimeoutError } from 'ky';
import { apiErrorSchema, NETWORK_ERROR_CODE, type ClientError } from '@varco/contracts';
import { isClientError } from '@varco/contracts/plain';

// Kept among this package's exports (remotes use them): they live in the contracts' zod-free half, where @varco/ui
// reads them without downloading the http client (ky) and the schemas on a first visit.
export { isClientError, serverDetail } from '@varco/contracts/plain';

/** The one place where a failure of any kind becomes `{status, detail, extra}` (docs/calls.md). */
export async function normaliseError(error: unknown): Promise<ClientError> {
  if (isClientError(error)) return error;
  if (error instanceof HTTPError) {
    const body = await readBody(error.response);
    return { status: error.response.status, detail: body?.detail ?? '', extra: body?.extra ?? {}, type: 'http-error' };
  }
  // fetch rejects with a TypeError when the request never got an answer (offline, refused, CORS); compared by
  // name because the error may come from another realm (a test environment, an extension).
  if (error instanceof TimeoutError || nameOf(error) === 'TypeError') return networkError();
  return {
    status: 0,
    detail: String((error as { message?: unknown } | null)?.message ?? ''),
    extra: {},
    type: 'invalid-response',
  };
}

function nameOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
}

export function networkError(): ClientError {
  return { status: NETWORK_ERROR_CODE, detail: '', extra: {}, type: 'network-error' };
}

/** The api answered that the thing asked for does not exist (or is not the traveler's). */
export function isNotFound(error: unknown): boolean {
  return isClientError(error) && error.status === 404;
}

/** Reads an error body, JSON or a blob of JSON (a failed PDF download carries its detail in the blob). */
export async function readBody(
  response: Response,
): Promise<{ detail: string; extra?: Record<string, string> } | undefined> {
  try {
    const text = await response.clone().text();
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
