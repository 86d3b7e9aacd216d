import type { FreeZoneQuery, Lookup, ServerLanguage, TypologyType } from '@varco/contracts';
import { notFound } from '../../app-error';
import type { BilingualRow, TypologyRepository } from './repository';

/** A list ready to answer in either language, each sorted by its own labels. */
type Bilingual = Readonly<Record<ServerLanguage, Lookup[]>>;

const collators: Record<ServerLanguage, Intl.Collator> = {
  IT: new Intl.Collator('it', { sensitivity: 'base', numeric: true }),
  EN: new Intl.Collator('en', { sensitivity: 'base', numeric: true }),
};

function sortedFor(language: ServerLanguage, rows: readonly BilingualRow[]): Lookup[] {
  const collator = collators[language];
  return rows
    .map((row) => ({ code: row.code, description: language === 'IT' ? row.description_it : row.description_en }))
    .sort((a, b) => collator.compare(a.description, b.description) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** Frozen: the same arrays answer every request, so a stray mutation must fail loudly instead of spreading. */
function bilingual(rows: readonly BilingualRow[]): Bilingual {
  const freeze = (list: Lookup[]) => Object.freeze(list.map((item) => Object.freeze(item))) as Lookup[];
  return { IT: freeze(sortedFor('IT', rows)), EN: freeze(sortedFor('EN', rows)) };
}

export interface TypologyService {
  typology(type: TypologyType, language: ServerLanguage): Promise<Lookup[]>;
  /**
   * `from=REGISTRATION`: also the member states with residential free zones (the zone is then required);
   * `from=VISA`: also the member states with any free zone, as destinations (goods leaving for the Canary Islands
   * leave the EU VAT area; the zone is then required).
   */
  taxFreeCountries(language: ServerLanguage, from?: FreeZoneQuery['from']): Promise<Lookup[]>;
  /** Throws a 404 AppError for an unknown country; a known country without zones answers an empty list. */
  freeZones(country: string, language: ServerLanguage, from?: FreeZoneQuery['from']): Promise<Lookup[]>;
  /** Throws a 404 AppError for an unknown country; a known country without airports answers an empty list. */
  airports(country: string, language: ServerLanguage): Promise<Lookup[]>;
}

/**
 * Reference data changes only by migration, that is with a new deployment, so each list is read once per process and
 * kept, sorted, in both languages. The cache holds promises so that concurrent first requests share one query; a
 * failed query is forgotten so the next request tries again. Its size is bounded by the reference data itself
 * (country codes are validated as two letters before they get here).
 */
export function createTypologyService(repository: TypologyRepository): TypologyService {
  const cache = new Map<string, Promise<Bilingual | null>>();

  function cached(key: string, load: () => Promise<readonly BilingualRow[] | null>): Promise<Bilingual | null> {
    let entry = cache.get(key);
    if (!entry) {
      entry = load().then((rows) => (rows ? bilingual(rows) : null));
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  async function ofCountry(
    key: string,
    country: string,
    language: ServerLanguage,
    load: () => Promise<readonly BilingualRow[] | null>,
  ) {
    const lists = await cached(key, load);
    if (!lists) throw notFound({ key: 'typology.unknownCountry', params: { country } });
    return lists[language];
  }

  return {
    typology: async (type, language) => (await cached(`type:${type}`, () => repository.listTypology(type)))![language],
    taxFreeCountries: async (language, from) => {
      const zones = from === 'REGISTRATION' ? 'residential' : from === 'VISA' ? 'any' : 'none';
      return (await cached(`tax-free:${zones}`, () => repository.listTaxFreeCountries(zones)))![language];
    },
    freeZones: (country, language, from) => {
      // At registration the zone is a residence: a zone where nobody lives is offered only as a destination.
      const residentialOnly = from === 'REGISTRATION';
      return ofCountry(`free-zone:${country}:${residentialOnly}`, country, language, () =>
        repository.listFreeZones(country, residentialOnly),
      );
    },
    airports: (country, language) =>
      ofCountry(`airports:${country}`, country, language, () => repository.listAirports(country)),
  };
}
