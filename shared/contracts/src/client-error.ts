/** Every failure seen by the browser, normalised by `@varco/http`. status is -1000 for a network error. */
export interface ClientError {
  status: number;
  detail: string;
  extra: Record<string, string>;
  type?: 'network-error' | 'http-error' | 'invalid-response';
}

export function isClientError(value: unknown): value is ClientError {
  return typeof value === 'object' && value !== null && 'status' in value && 'detail' in value && 'extra' in value;
}

/** The server's detail of a failed call when it answered one; '' otherwise (network, broken answer). */
export function serverDetail(error: unknown): string {
  return isClientError(error) && error.type === 'http-error' ? error.detail : '';
}
