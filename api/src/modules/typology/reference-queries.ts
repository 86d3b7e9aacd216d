import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The codes a travel refers to (the visa request's travel details); null where the request gives none. */
export interface TravelCodes {
  transportType: string;
  travelDocType: string | null;
  destinationCountry: string;
  destinationAirport: string | null;
  destinationFreeZone: string | null;
}

/**
 * What the other modules ask of the reference data when they check a request (does this code exist, what does it
 * belong to). The typology module owns those tables, so their statements are written here, once; each takes an
 * executor, so that it runs in the caller's transaction.
 */
export const referenceQueries = {
  /** A country by code; whether it is an EU member state (its residents pay VAT unless they live in a free zone). */
  country(db: Kysely<Database>, code: string): Promise<{ eu_member: boolean } | undefined> {
    return db.selectFrom('country').select(['eu_member']).where('code', '=', code).executeTakeFirst();
  },

  /** Whether `zone` is a residential free zone of `country`. */
  async residentialZoneExists(db: Kysely<Database>, zone: string, country: string): Promise<boolean> {
    const found = await db
      .selectFrom('free_zone')
      .select('code')
      .where('code', '=', zone)
      .where('country_code', '=', country)
      .where('residential', '=', true)
      .executeTakeFirst();
    return found !== undefined;
  },

  async documentTypeExists(db: Kysely<Database>, code: string): Promise<boolean> {
    return (
      (await db.selectFrom('document_type').select('code').where('code', '=', code).executeTakeFirst()) !== undefined
    );
  },

  /** The reference data a travel refers to, in one round trip; each field null/false when unknown. */
  async travelReferences(db: Kysely<Database>, travel: TravelCodes) {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('transport_type')
          .select(sql<boolean>`true`.as('known'))
          .where('code', '=', travel.transportType)
          .as('transport'),
        eb
          .selectFrom('document_type')
          .select(sql<boolean>`true`.as('known'))
          .where('code', '=', travel.travelDocType ?? '')
          .as('doc_type'),
        eb
          .selectFrom('country')
          .select('eu_member')
          .where('code', '=', travel.destinationCountry)
          .as('country_eu_member'),
        eb
          .selectFrom('airport')
          .select('country_code')
          .where('code', '=', travel.destinationAirport ?? '')
          .as('airport_country'),
        eb
          .selectFrom('free_zone')
          .select('country_code')
          .where('code', '=', travel.destinationFreeZone ?? '')
          .as('zone_country'),
      ])
      .executeTakeFirstOrThrow();
    return {
      transportKnown: row.transport === true,
      docTypeKnown: row.doc_type === true,
      /** null: unknown country. */
      countryEuMember: row.country_eu_member as boolean | null,
      airportCountry: row.airport_country as string | null,
      zoneCountry: row.zone_country as string | null,
    };
  },
};
