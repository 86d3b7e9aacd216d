import {
  apiErrorSchema,
  parseServerLanguage,
  readRuleMessage,
  SERVER_LANGUAGES,
  type ApiErrorBody,
  type RuleIssue,
  type ServerLanguage,
} from '@varco/contracts';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound, RetryLaterError, type Message } from '../app-error';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isMessageKey, translate, type MessageKey } from '../i18n/messages';

/**
 * How the api reads `Accept-Language`, for the documentation of the calls: one of the server codes, or any tag, by its
 * primary subtag (`it-CH`, `ar-SA`, `pt-PT`); English otherwise.
 */
export const ACCEPT_LANGUAGE_DESCRIPTION = `\`Accept-Language\` (${SERVER_LANGUAGES.join(', ')}; another tag by its primary subtag, English when none matches)`;

/** The language of the answers to this request (docs/calls.md: `Accept-Language`, its first tag, `parseServerLanguage`). */
export function requestLanguage(request: FastifyRequest): ServerLanguage {
  return parseServerLanguage(request.headers['accept-language']);
}

/** The language of a call that may send `language` (docs/calls.md): the parameter wins over Accept-Language. */
export function callLanguage(
  request: FastifyRequest,
  query: { language?: ServerLanguage | undefined },
): ServerLanguage {
  return query.language ?? requestLanguage(request);
}

type ErrorAnswers<Status extends number> = Record<Status, typeof apiErrorSchema>;

/**
 * The response schemas of a route's error answers, one per status it may give: every error answers the one shape that
 * this plugin sends, so the document and the serialiser name it for each.
 */
export function errorAnswers<const Status extends number>(...statuses: Status[]): ErrorAnswers<Status> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as ErrorAnswers<Status>;
}

/** The error answers of a call that may refuse in every way a client can cause: input, access, absence, conflict, rate. */
export const clientErrorAnswers = errorAnswers(400, 401, 403, 404, 409, 429);

const DETAIL_BY_STATUS: Readonly<Record<number, MessageKey>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  503: 'serviceUnavailable',
};

interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  /** Seconds for Retry-After (a limit's refusal); a 503 says RETRY_AFTER_SECONDS. */
  retryAfter?: number;
}

/** Seconds a client is told to wait after a 503: about how long a database restart or failover takes. */
const RETRY_AFTER_SECONDS = 5;

function statusOf(error: unknown): number {
  // A database that is down or restarting is a temporary state of the service, not a fault of the request.
  if (isDatabaseUnavailable(error)) return 503;
  const status =
    typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

function valueAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, part) =>
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined,
    root,
  );
}

/**
 * A field rule of `@varco/contracts` (a `ruleField` of a request body) refused the value: its issue as the api's
 * message for that problem (`field.empty`, `field.maxLength`...: the words of zod's own length checks), with its values.
 */
function ruleIssueMessage(issue: RuleIssue): Message {
  const { code, ...params } = issue;
  const key = `field.${code}`;
  return isMessageKey(key) ? { key, params } : { key: 'field.invalid' };
}

/**
 * One validation issue (zod, through fastify-type-provider-zod: `keyword` is the zod issue code and `params` the rest
 * of the issue) as a catalogue message. "Required" is told apart from "wrong type" by looking at the request itself.
 */
function fieldMessage(issue: FastifySchemaValidationError, input: unknown, path: string[]): Message {
  const params = issue.params as Record<string, unknown>;
  const origin = params.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      return { key: valueAt(input, path) === undefined ? 'field.required' : 'field.invalidType' };
    case 'too_small': {
      const min = Number(params.minimum);
      if (origin === 'string') {
        if (min === 1) return { key: 'field.empty' };
        return params.exact
          ? { key: 'field.exactLength', params: { length: min } }
          : { key: 'field.minLength', params: { min } };
      }
      if (origin === 'array' || origin === 'set') return { key: 'field.minItems', params: { min } };
      return { key: 'field.minValue', params: { min } };
    }
    case 'too_big': {
      const max = Number(params.maximum);
      if (origin === 'string')
        return params.exact
          ? { key: 'field.exactLength', params: { length: max } }
          : { key: 'field.maxLength', params: { max } };
      if (origin === 'array' || origin === 'set') return { key: 'field.maxItems', params: { max } };
      return { key: 'field.maxValue', params: { max } };
    }
    case 'invalid_format':
      return { key: params.format === 'email' ? 'field.email' : 'field.format' };
    case 'invalid_value':
      return Array.isArray(params.values)
        ? { key: 'field.oneOf', params: { values: params.values.join(', ') } }
        : { key: 'field.invalid' };
    case 'custom': {
      // A refinement may name a catalogue key or a contracts rule issue as its message; anything else stays generic
      // (it may be internal).
      const rule = issue.message ? readRuleMessage(issue.message) : null;
      if (rule) return ruleIssueMessage(rule);
      return { key: issue.message && isMessageKey(issue.message) ? issue.message : 'field.invalid' };
    }
    default:
      return { key: 'field.invalid' };
  }
}

function validationFields(issues: FastifySchemaValidationError[], input: unknown): Record<string, Message> {
  const fields: Record<string, Message> = {};
  const add = (path: string[], message: Message) => {
    // A root-level problem (no field) is shown by the browser as the generic extra (docs/calls.md).
    const name = path.join('.') || 'generic';
    fields[name] ??= message;
  };
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    // An unknown member is told on the object that holds it: its name is the caller's, never echoed.
    add(path, issue.keyword === 'unrecognized_keys' ? { key: 'field.unknownKey' } : fieldMessage(issue, input, path));
  }
  return fields;
}

function translateFields(
  language: ServerLanguage,
  fields: Readonly<Record<string, Message>>,
): Record<string, string> | undefined {
  const entries = Object.entries(fields);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([name, message]) => [name, translate(language, message.key, message.params)]));
}

/** Turns anything thrown into the status and `{ detail, extra? }` body of docs/calls.md, in the request's language. */
export function toErrorAnswer(error: unknown, request: FastifyRequest): ErrorAnswer {
  const language = requestLanguage(request);
  if (error instanceof AppError) {
    const extra = translateFields(language, error.fields);
    const retryAfter = error instanceof RetryLaterError ? { retryAfter: error.retryAfterSeconds } : {};
    return {
      status: error.statusCode,
      body: { detail: translate(language, error.detail.key, error.detail.params), ...(extra ? { extra } : {}) },
      ...retryAfter,
    };
  }
  const validation = (error as Partial<FastifyError> | null)?.validation;
  if (Array.isArray(validation) && validation.length > 0) {
    const context = (error as FastifyError).validationContext;
    const input = context ? (request as unknown as Record<string, unknown>)[context] : undefined;
    const extra = translateFields(language, validationFields(validation, input));
    return { status: 400, body: { detail: translate(language, 'validationFailed'), ...(extra ? { extra } : {}) } };
  }
  const status = statusOf(error);
  if (status >= 500) {
    // Never the error's own message: it may hold SQL, paths or secrets. The log keeps it.
    return { status, body: { detail: translate(language, status === 503 ? 'serviceUnavailable' : 'internalError') } };
  }
  return { status, body: { detail: translate(language, DETAIL_BY_STATUS[status] ?? 'requestFailed') } };
}

export function sendError(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  // An error is never cached, whatever the handler had set before failing.
  reply.status(answer.status).header('cache-control', 'no-store');
  const retryAfter = answer.retryAfter ?? (answer.status === 503 ? RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.send(answer.body);
}

/** The error handler and the not-found handler of the whole app: every failure answers docs/calls.md's shape. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: unknown, request, reply) => {
      const answer = toErrorAnswer(error, request);
      if (answer.status >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info(
          { status: answer.status, reason: error instanceof Error ? error.message : String(error) },
          'request refused',
        );
      }
      return sendError(reply, answer);
    });

    app.setNotFoundHandler((request, reply) => sendError(reply, toErrorAnswer(notFound(), request)));
  },
  { name: 'varco-errors' },
);
