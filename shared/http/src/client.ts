import ky, { type KyInstance, type Options } from 'ky';
import type * as z from 'zod/mini';
import { HEADERS, toServerLanguage, type ClientError, type FirstScreenCall } from '@varco/contracts';
import { currentLanguage } from '@varco/i18n';
import { sessionStore } from '@varco/session';
import { observedFetch } from './call-observers';
import { startFirstScreenCall, takeStartedCall } from './first-screen';
import { normaliseError } from './normalise-error';

let client: KyInstance | undefined;
let prefixUrl: string | undefined;

/** Called once by the shell with the api base URL of the runtime configuration. */
export function configureHttp({ apiBaseUrl }: { apiBaseUrl: string }): KyInstance {
  const base = new URL(apiBaseUrl, globalThis.location?.origin ?? 'http://localhost').toString();
  prefixUrl = base.endsWith('/') ? base : `${base}/`;
  client = ky.create({
    prefixUrl,
    credentials: 'include',
    retry: 0,
    timeout: 15_000,
    // Every call's outcome is told to the observers (observeCalls).
    fetch: observedFetch,
    hooks: {
      beforeRequest: [
        (request) => {
          const { otp, area } = sessionStore.getState();
          request.headers.set('Accept-Language', toServerLanguage(currentLanguage()));
          // The api refuses a call that changes state without it (a page of another origin cannot add it).
          request.headers.set(HEADERS.client, '1');
          if (otp) request.headers.set(HEADERS.otp, otp);
          if (area) request.headers.set(HEADERS.area, area);
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          if (response.status === 401 || response.status === 403) sessionStore.getState().clearSession();
        },
      ],
    },
  });
  return client;
}

/** The absolute address of an api path, for what the browser must open itself (a full-page redirect). */
export function apiUrl(path: string): string {
  if (!prefixUrl) throw new Error('@varco/http used before configureHttp(): the shell configures it at start.');
  return new URL(path, prefixUrl).toString();
}

export function http(): KyInstance {
  if (!client) throw new Error('@varco/http used before configureHttp(): the shell configures it at start.');
  return client;
}

/**
 * Performs a call and validates its answer against the contract. Every failure is thrown as a ClientError,
 * so callers (TanStack Query hooks, forms) handle one shape.
 */
export async function requestJson<Schema extends z.ZodMiniType>(
  path: string,
  schema: Schema,
  options: Options = {},
): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await (takeStartedCall(path, options) ?? http()(path, options).json());
  } catch (error) {
    throw await normaliseError(error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const invalid: ClientError = {
      status: 0,
      detail: `Unexpected answer from ${path}`,
      extra: {},
      type: 'invalid-response',
    };
    throw invalid;
  }
  return parsed.data;
}

/**
 * Starts, before the widget that makes it has loaded, a GET its first render will make (a remote's first-screen
 * call, docs/architecture.md): its `requestJson` then takes this answer, validated as any other.
 */
export function startEarly(call: FirstScreenCall): void {
  startFirstScreenCall(call, (path, options) => http()(path, options).json());
}

/** Performs a call whose answer has no body worth reading (204, acknowledgements). */
export async function requestVoid(path: string, options: Options = {}): Promise<void> {
  try {
    await http()(path, options);
  } catch (error) {
    throw await normaliseError(error);
  }
}

/** Downloads a file; the name comes from the content-disposition header (docs/calls.md). */
export async function requestBlob(
  path: string,
  options: Options = {},
): Promise<{ blob: Blob; filename: string | null }> {
  try {
    const response = await http()(path, options);
    return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) };
  } catch (error) {
    throw await normaliseError(error);
  }
}

export function filenameFrom(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1] ?? null;
}
