import { toLocale, type FreeZoneQuery, type Lookup, type ServerLanguage, type TypologyType } from '@varco/contracts';
import { notFound } from '../../app-error';
import { labelColumn } from './labels';
import type { LabelledRow, TypologyRepository } from './repository';

/** One language's collator, built at its first use: each language sorts by its own rules (Å with A in English). */
const collators = new Map<ServerLanguage, Intl.Collator>();
function collatorOf(language: ServerLanguage): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(toLocale(language), { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

/** Frozen: the same arrays answer every request, so a stray mutation must fail loudly instead of spreading. */
function sortedFor(language: ServerLanguage, rows: readonly LabelledRow[]): Lookup[] {
  const collator = collatorOf(language);
  const column = labelColumn(language);
  const list = rows
    .map((row) => Object.freeze({ code: row.code, description: row[column] }))
    .sort((a, b) => collator.compare(a.description, b.description) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return Object.freeze(list) as Lookup[];
}

/** A list's rows, and its answer in each language asked for so far, sorted by that language's labels. */
interface Labelled {
  rows: readonly LabelledRow[];
  sorted: Map<ServerLanguage, Lookup[]>;
}

function inLanguage(lists: Labelled, language: ServerLanguage): Lookup[] {
  let list = lists.sorted.get(language);
  if (!list) {
    list = sortedFor(language, lists.rows);
    lists.sorted.set(language, list);
  }
  return list;
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
 * Reference data changes only by migration, that is with a new deployment, so each list is read once per process, with
 * the labels of every language, and kept; each language's sorted answer is made at its first request and kept too.
 * The cache holds promises so that concurrent first requests share one query; a failed query is forgotten so the next
 * request tries again. Its size is bounded by the reference data itself (country codes are validated as two letters
 * before they get here) times the twelve languages.
 */
export function createTypologyService(repository: TypologyRepository): TypologyService {
  const cache = new Map<string, Promise<Labelled | null>>();

  function cached(key: string, load: () => Promise<readonly LabelledRow[] | null>): Promise<Labelled | null> {
    let entry = cache.get(key);
    if (!entry) {
      entry = load().then((rows) => (rows ? { rows, sorted: new Map() } : null));
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  async function ofCountry(
    key: string,
    country: string,
    language: ServerLanguage,
    load: () => Promise<readonly LabelledRow[] | null>,
  ) {
    const lists = await cached(key, load);
    if (!lists) throw notFound({ key: 'typology.unknownCountry', params: { country } });
    return inLanguage(lists, language);
  }

  return {
    typology: async (type, language) =>
      inLanguage((await cached(`type:${type}`, () => repository.listTypology(type)))!, language),
    taxFreeCountries: async (language, from) => {
      const zones = from === 'REGISTRATION' ? 'residential' : from === 'VISA' ? 'any' : 'none';
      return inLanguage((await cached(`tax-free:${zones}`, () => repository.listTaxFreeCountries(zones)))!, language);
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
