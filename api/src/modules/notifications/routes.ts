import {
  idParamSchema,
  apiErrorSchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationCountResponseSchema,
  notificationListResponseSchema,
  notificationSchema,
} from '@varco/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { languageQuery, ownAnswer, PRIVATE_CACHE_CONTROL, privateAnswer, travelerErrors } from '../../traveler-calls';
import { pollingCall, POLLING_RATE_LIMIT_MAX } from '../../plugins/polling-limit';
import { requireSession } from '../auth';
import { setNotificationPortalUrl } from './notify';
import { createNotificationService } from './service';
import { UNREAD_CHANNEL } from './unread-counts';

const tags = ['notifications'];
const errors = travelerErrors;
const language = languageQuery;
const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), NOTIFICATIONS_PAGE_SIZE),
  ...language,
});
const idParams = z.object({ id: idParamSchema });

/** The count's serializer: `{ counter }` as the service builds it (no zod check again), in both of its paths. */
const countJson = (data: unknown) => JSON.stringify(data);

export interface NotificationRoutesOptions {
  /** The portal origin (PUBLIC_BASE_URL) the notification mails link to. */
  publicBaseUrl: string;
}

/** The traveler's notification calls of docs/calls.md under `/api/v1/private/notifications`: the signed-in traveler's own only. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, options) => {
  setNotificationPortalUrl(options.publicBaseUrl);
  const service = createNotificationService(app.db);
  // The database tells every instance whose notifications changed (migration 0011); if the link drops, changes may
  // have been missed: every count is read again.
  const stopListening = await app.database.listen(
    UNREAD_CHANNEL,
    (payload) => {
      const travelerId = Number(payload);
      if (Number.isSafeInteger(travelerId)) service.counts.changed(travelerId);
      else service.counts.clear();
    },
    () => service.counts.clear(),
  );
  app.addHook('onClose', async () => stopListening());

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'The traveler’s notifications',
        description: `Newest first, \`limit\` per page (${NOTIFICATIONS_PAGE_SIZE} by default, at most 100; \`page\` from 0), with their total count. Messages are in the language asked for.`,
        querystring: pageQuery,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) =>
        service.latest(travelerId, request.query.page, request.query.limit, language),
      ),
  );

  app.get(
    '/count',
    {
      // A polling call (every 15 s per signed-in traveler): no log line per request (errors are still logged), its own
      // limit per session rather than the global one per address, and `{ counter }` written by JSON.stringify (the
      // service builds it) rather than checked again by zod.
      logLevel: 'warn',
      ...pollingCall(app, 'notification-count', {
        // Its warm case, answered before Fastify (plugins/polling-path.ts): the count in memory, as the handler below
        // answers it (Fastify's content type for a serialized payload).
        status: 200,
        headers: { 'cache-control': PRIVATE_CACHE_CONTROL, 'content-type': 'application/json; charset=utf-8' },
        // From memory only: a read started here and left to the handler's path would reject unhandled if the
        // database went away first, and that ends the process.
        body: (session) => {
          const counter = service.counts.cached(session.traveler_id);
          return counter === undefined ? undefined : countJson({ counter });
        },
      }),
      serializerCompiler: () => countJson,
      schema: {
        tags,
        summary: 'How many notifications are unread',
        description: `Polled every 15 seconds by the header bell (docs/calls.md): answered from the api's memory, read again (one index-only count) after a change of the traveler's notifications. At most ${POLLING_RATE_LIMIT_MAX} a minute per session.`,
        response: { 200: notificationCountResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    // Not an async function: a count from memory is sent at once, without a promise to wait for.
    (request, reply) => {
      privateAnswer(reply);
      return service.count(requireSession(request).traveler_id);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Mark a notification as read',
        description:
          'Answers the notification. The first call sets `dataLettura`; later calls keep it (200 again). Another traveler’s or ' +
          'an unknown id answers 404.',
        params: idParams,
        querystring: z.object(language),
        response: { 200: notificationSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      ownAnswer(request, reply, (travelerId, language) => service.markRead(travelerId, request.params.id, language)),
  );
};
