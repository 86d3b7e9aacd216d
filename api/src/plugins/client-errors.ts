import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { translate, type MessageKey } from '../i18n/messages';

const ANSWERS: Readonly<Record<string, { status: number; key: MessageKey }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'requestFailed' },
  HPE_HEADER_OVERFLOW: { status: 431, key: 'payloadTooLarge' },
};

/**
 * What the api answers to bytes that are not an HTTP request it can read (a malformed request line or header, headers
 * too large, too slow): the one error shape, as every other answer. No request, so no language: English.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset: nothing to answer to.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = ANSWERS[error.code ?? ''] ?? { status: 400, key: 'badRequest' };
  const body = JSON.stringify({ detail: translate('EN', key) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
