import { serverLanguageSchema, type ServerLanguage } from '@varco/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { requireSession } from './modules/auth';
import { callLanguage, errorAnswers } from './plugins/errors';

/**
 * What the signed-in traveler's calls (invoices, visas, notifications; docs/calls.md) have in common: their error
 * answers, the language they send, and answers that no cache keeps.
 */

/** The error answers of every signed-in traveler's call. */
export const travelerErrors = errorAnswers(400, 401, 403);

/** docs/calls.md: the traveler's calls send the current language, which wins over Accept-Language. */
export const languageQuery = { language: z.optional(serverLanguageSchema) };

type LanguageQuery = { language?: ServerLanguage | undefined };

/** A traveler's own data: never kept by a shared cache, nor by the browser's (the portal caches it itself, docs/calls.md). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
export const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', PRIVATE_CACHE_CONTROL);

/** Answers the signed-in traveler's own data (`privateAnswer`): `answer` gets the traveler's id and the call's language. */
export function ownAnswer<T>(
  request: FastifyRequest & { query: LanguageQuery },
  reply: FastifyReply,
  answer: (travelerId: number, language: ServerLanguage) => T,
): T {
  privateAnswer(reply);
  return answer(requireSession(request).traveler_id, callLanguage(request, request.query));
}

/** Sends a PDF of the traveler's own data as a download named `filename`. */
export const privatePdf = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  privateAnswer(reply)
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(pdf);
