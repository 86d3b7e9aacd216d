import type { TypologyType } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ALL_LABEL_COLUMNS, type LabelColumn } from './labels';

/** A lookup row with the labels of every language: one query serves them all. */
export type LabelledRow = { code: string } & Readonly<Record<LabelColumn, string>>;

const TABLE_OF_TYPE = {
  COUNTRY: 'country',
  DOCUMENT_TYPE: 'document_type',
  TICKET_TYPE: 'ticket_type',
  TRANSPORT_TYPE: 'transport_type',
} as const satisfies Record<TypologyType, keyof Database>;

export interface TypologyRepository {
  listTypology(type: TypologyType): Promise<LabelledRow[]>;
  /**
   * Countries whose residents can use tax-free: every one but the 27 member states; with `withResidentialZones`, also
   * the member states with a free zone one can live in (a resident of Livigno is outside the EU VAT area).
   */
  listTaxFreeCountries(memberStatesWithZones?: 'none' | 'residential' | 'any'): Promise<LabelledRow[]>;
  /** The free zones of a country; null when the country does not exist. */
  listFreeZones(country: string, residentialOnly: boolean): Promise<LabelledRow[] | null>;
  /** The airports of a country; null when the country does not exist. */
  listAirports(country: string): Promise<LabelledRow[] | null>;
}

/** A row of `country left join child`: the child's columns are null for a country without children. */
type ChildRow = { code: string | null } & { [Column in LabelColumn]: string | null };

/** Rows of `country left join child`: no row means no such country, a row with a null code a country without children. */
function childrenOrNull(rows: ChildRow[]): LabelledRow[] | null {
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.code !== null ? [row as LabelledRow] : []));
}

export function createTypologyRepository(db: Kysely<Database>): TypologyRepository {
  return {
    listTypology: (type) =>
      // The four tables share the lookup columns; Kysely is told one of them to type the selection.
      db
        .selectFrom(TABLE_OF_TYPE[type] as 'document_type')
        .select(['code', ...ALL_LABEL_COLUMNS])
        .execute(),

    listTaxFreeCountries: (memberStatesWithZones = 'none') =>
      db
        .selectFrom('country')
        .select(['code', ...ALL_LABEL_COLUMNS])
        .where((eb) => {
          const outsideEu = eb('eu_member', '=', false);
          if (memberStatesWithZones === 'none') return outsideEu;
          let zones = eb
            .selectFrom('free_zone')
            .select('free_zone.code')
            .whereRef('free_zone.country_code', '=', 'country.code');
          if (memberStatesWithZones === 'residential') zones = zones.where('free_zone.residential', '=', true);
          return eb.or([outsideEu, eb.exists(zones)]);
        })
        .execute(),

    listFreeZones: async (country, residentialOnly) => {
      const rows = await db
        .selectFrom('country')
        .leftJoin('free_zone', (join) => {
          const onCountry = join.onRef('free_zone.country_code', '=', 'country.code');
          return residentialOnly ? onCountry.on('free_zone.residential', '=', true) : onCountry;
        })
        .select(['free_zone.code', ...ALL_LABEL_COLUMNS.map((column) => `free_zone.${column}` as const)])
        .where('country.code', '=', country)
        .execute();
      return childrenOrNull(rows);
    },

    listAirports: async (country) => {
      const rows = await db
        .selectFrom('country')
        .leftJoin('airport', 'airport.country_code', 'country.code')
        .select(['airport.code', ...ALL_LABEL_COLUMNS.map((column) => `airport.${column}` as const)])
        .where('country.code', '=', country)
        .execute();
      return childrenOrNull(rows);
    },
  };
}
