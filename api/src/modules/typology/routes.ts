import {
  apiErrorSchema,
  countryCodeSchema,
  freeZoneQuerySchema,
  lookupListSchema,
  serverLanguageSchema,
  TYPOLOGY_TYPES,
  typologyTypeSchema,
} from '@varco/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachePublicly } from '../../http-cache';
import { callLanguage } from '../../plugins/errors';
import { createTypologyRepository } from './repository';
import { createTypologyService } from './service';

/** Reference data changes only with a deployment: browsers and the CDN may keep it for an hour. */
const TYPOLOGY_MAX_AGE_SECONDS = 3600;

/** Every typology call accepts `language`, which wins over Accept-Language (docs/calls.md names it for free zones). */
const languageQuerySchema = z.object({ language: z.optional(serverLanguageSchema) });
/** ISO 3166-1 alpha-2, upper case. */
const countryParamsSchema = z.object({ country: countryCodeSchema });

const tags = ['typology'];
const listResponses = { 200: lookupListSchema, 400: apiErrorSchema };
const countryResponses = { ...listResponses, 404: apiErrorSchema };

/** Answers a lookup list that browsers and the CDN may keep (an error answer is not kept). */
async function publicList<T>(reply: FastifyReply, list: Promise<T>): Promise<T> {
  const answer = await list;
  cachePublicly(reply, TYPOLOGY_MAX_AGE_SECONDS);
  return answer;
}

/** The public typology calls of docs/calls.md, mounted under `/api/v1/public/typology`. */
export const typologyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTypologyService(createTypologyRepository(app.db));

  // Registered before `/:type`, though find-my-way would prefer these static paths anyway.
  app.get(
    '/countries/tax-free',
    {
      schema: {
        tags,
        summary: 'Countries whose residents can use tax-free',
        description:
          'Every country (ISO 3166-1, and XK for Kosovo) except the 27 EU member states, sorted by name in the answer language. ' +
          '`from=REGISTRATION` adds the member states that have free zones one can live in (IT, ES, FR, DE, GR, FI): their ' +
          'residents register with the zone. `from=VISA` adds the member states that have any free zone, as destinations ' +
          'of a visa request (the zone is then required).',
        querystring: freeZoneQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      publicList(reply, service.taxFreeCountries(callLanguage(request, request.query), request.query.from)),
  );

  app.get(
    '/countries/free-zone/:country',
    {
      schema: {
        tags,
        summary: 'Free zones of a country',
        description:
          'Territories of the country outside the EU VAT area. `from=REGISTRATION` lists only the zones where one can ' +
          'reside; `from=VISA` (or no `from`) lists them all. A known country without zones answers an empty list; an ' +
          'unknown country answers 404.',
        params: countryParamsSchema,
        querystring: freeZoneQuerySchema,
        response: countryResponses,
      },
    },
    async (request, reply) =>
      publicList(
        reply,
        service.freeZones(request.params.country, callLanguage(request, request.query), request.query.from),
      ),
  );

  app.get(
    '/airports/:country',
    {
      schema: {
        tags,
        summary: 'Airports of a country',
        description:
          'Airports by IATA code, labelled "city + name (code)". A known country without listed airports answers an empty ' +
          'list; an unknown country answers 404.',
        params: countryParamsSchema,
        querystring: languageQuerySchema,
        response: countryResponses,
      },
    },
    async (request, reply) =>
      publicList(reply, service.airports(request.params.country, callLanguage(request, request.query))),
  );

  app.get(
    '/:type',
    {
      schema: {
        tags,
        summary: 'A lookup list',
        description: `One of ${TYPOLOGY_TYPES.join(', ')}: \`{ code, description }\` records sorted by description.`,
        params: z.object({ type: typologyTypeSchema }),
        querystring: languageQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      publicList(reply, service.typology(request.params.type, callLanguage(request, request.query))),
  );
};
