import * as z from 'zod/mini';
import { SERVER_LANGUAGES } from './language';
import { text } from './text';

/** Lookup records (docs/domain.md): the code is the id, the description the label (in the requested language). */
export const lookupSchema = z.object({
  code: z.string(),
  description: z.string(),
});
export type Lookup = z.infer<typeof lookupSchema>;
export const lookupListSchema = z.array(lookupSchema);

export const TYPOLOGY_TYPES = ['COUNTRY', 'DOCUMENT_TYPE', 'TICKET_TYPE', 'TRANSPORT_TYPE'] as const;
export const typologyTypeSchema = z.enum(TYPOLOGY_TYPES);
export type TypologyType = z.infer<typeof typologyTypeSchema>;

/** `from` tells why free zones are asked: a traveler's residence (registration) or a visa destination. */
export const freeZoneQuerySchema = z.object({
  from: z.optional(z.enum(['REGISTRATION', 'VISA'])),
  language: z.optional(z.enum(SERVER_LANGUAGES)),
});
export type FreeZoneQuery = z.infer<typeof freeZoneQuerySchema>;

/** Two-letter ISO 3166-1 country code. */
export const countryCodeSchema = text().check(z.regex(/^[A-Z]{2}$/));
