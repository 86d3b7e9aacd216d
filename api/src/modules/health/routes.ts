import { apiErrorSchema } from '@varco/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error';
import { isDatabaseReady } from '../../db/database';

const tags = ['health'];
// Probes are polled by orchestrators and load balancers: never rate-limited, never cached.
const probeConfig = { rateLimit: false } as const;

/** Liveness and readiness probes, outside `/api` so that a proxy can route the api and the probes apart. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: probeConfig,
      schema: { tags, summary: 'The process is alive', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      config: probeConfig,
      schema: {
        tags,
        summary: 'The api can serve: the database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      if (!(await isDatabaseReady(app.db))) throw new AppError(503, { key: 'databaseUnavailable' });
      reply.header('cache-control', 'no-store');
      return { status: 'ready' as const };
    },
  );
};
