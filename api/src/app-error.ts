import type { MessageKey, MessageParams } from './i18n/messages';

/** A message of the catalogue with its placeholder values; translated when the answer is written. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * An error a module throws on purpose: the status, the catalogue key of `detail`, and optional per-field messages
 * (`extra`, docs/calls.md). The error handler translates them into the language of the request.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: Message,
    readonly fields: Readonly<Record<string, Message>> = {},
  ) {
    super(detail.key);
    this.name = 'AppError';
  }
}

/** A refusal of a limit (429) that the caller may try again after `retryAfterSeconds`: the answer carries Retry-After. */
export class RetryLaterError extends AppError {
  constructor(
    detail: Message,
    readonly retryAfterSeconds: number,
  ) {
    super(429, detail);
    this.name = 'RetryLaterError';
  }
}

export const notFound = (detail: Message = { key: 'notFound' }) => new AppError(404, detail);
