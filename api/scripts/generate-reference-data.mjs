// Writes the reference data's migrations from scripts/reference-data.mjs:
//   migrations/0002_reference_data.sql   the rows, labelled in Italian and English
//   migrations/0019_reference_labels.sql the labels of the ten other languages, one column per language (airports as
//                                        in English)
//   migrations/0020_airport_labels.sql   the airports in those ten languages (AIRPORT_NAMES)
//   npm run generate:reference-data --workspace @varco/api              writes 0020, checks 0002 and 0019
//   npm run generate:reference-data --workspace @varco/api -- --check   writes nothing, checks all three (a test runs it)
// Country names come from CLDR through Node's own ICU (Intl.DisplayNames), so no package is needed; the output is
// committed, and the api never computes names at request time. 0002 and 0019 are never rewritten (they are applied
// everywhere, and their headers name the ICU that made them): they are only checked against the data, 0019's airports
// still from the English labels, as it was applied. 0020 names no country, so any Node judges it. Once 0020 is applied
// anywhere too, data changes go into a new migration (an applied migration must never change: the migrator checks
// its checksum).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AIRPORT_NAMES,
  AIRPORTS,
  COUNTRY_NAME_OVERRIDES,
  DOCUMENT_TYPES,
  EU_MEMBER_CODES,
  EXTRA_COUNTRY_CODES,
  FREE_ZONES,
  ISO_COUNTRY_CODES,
  LANGUAGES,
  TICKET_TYPES,
  TRANSPORT_TYPES,
} from './reference-data.mjs';

const migration = (name) => fileURLToPath(new URL(`../migrations/${name}`, import.meta.url));
const ROWS_FILE = migration('0002_reference_data.sql');
const LABELS_FILE = migration('0019_reference_labels.sql');
const AIRPORT_LABELS_FILE = migration('0020_airport_labels.sql');
const checkOnly = process.argv.includes('--check');

function fail(message) {
  console.error(`generate-reference-data: ${message}`);
  process.exit(1);
}

function assertUnique(label, codes) {
  const seen = new Set();
  for (const code of codes) {
    if (seen.has(code)) fail(`${label}: duplicate ${code}`);
    seen.add(code);
  }
}

const [ITALIAN, ENGLISH, ...OTHERS] = LANGUAGES;
if (ITALIAN.server !== 'IT' || ENGLISH.server !== 'EN') fail('LANGUAGES must start with IT and EN (migration 0002)');
assertUnique(
  'languages',
  LANGUAGES.map(({ server }) => server),
);

const regionNames = new Map();
/** CLDR's name of a region in a locale; one formatter per locale. */
function cldrName(locale, code) {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  return names.of(code);
}

/** Russian CLDR shortens "острова"/"остров" (islands, island) to "о-ва"/"о-в": a form writes them in full. */
function russianInFull(name) {
  const full = name.replace(/(^|\s)о-ва(?=\s|$)/gu, '$1острова').replace(/(^|\s)о-в(?=\s|$)/gu, '$1остров');
  return full.charAt(0).toLocaleUpperCase('ru') + full.slice(1);
}

/** CLDR name, with the project's overrides, CLDR's short forms written in full and typographic apostrophes made plain. */
function countryName({ server, locale }, code) {
  const override = COUNTRY_NAME_OVERRIDES[server]?.[code];
  const name = override ?? cldrName(locale, code);
  if (!name || name === code) fail(`no ${server} name for country ${code}`);
  let result = name.replaceAll('’', "'");
  if (server === 'EN' && !override) result = result.replaceAll(' & ', ' and ').replace(/^St\. /, 'Saint ');
  if (server === 'RU' && !override) result = russianInFull(result);
  return result;
}

const quote = (value) => `'${String(value).replaceAll("'", "''")}'`;
const bool = (value) => (value ? 'true' : 'false');
const rows = (lines) => lines.map((line) => `  (${line.join(', ')})`).join(',\n');

// Checks: the data must stay complete and consistent.
if (ISO_COUNTRY_CODES.length !== 249) fail(`expected the 249 ISO 3166-1 codes, found ${ISO_COUNTRY_CODES.length}`);
const COUNTRY_CODES = [...ISO_COUNTRY_CODES, ...EXTRA_COUNTRY_CODES].sort();
assertUnique('countries', COUNTRY_CODES);
const countries = new Set(COUNTRY_CODES);
if (EU_MEMBER_CODES.length !== 27) fail(`expected 27 EU member states, found ${EU_MEMBER_CODES.length}`);
for (const code of EU_MEMBER_CODES) if (!countries.has(code)) fail(`unknown EU member ${code}`);
for (const [server, overrides] of Object.entries(COUNTRY_NAME_OVERRIDES)) {
  if (!LANGUAGES.some((language) => language.server === server)) fail(`overrides of unknown language ${server}`);
  for (const code of Object.keys(overrides)) if (!countries.has(code)) fail(`override of unknown country ${code}`);
}
const COUNTRY_NAMES = new Map(
  LANGUAGES.map((language) => [language.server, COUNTRY_CODES.map((code) => countryName(language, code))]),
);
for (const [server, names] of COUNTRY_NAMES) {
  // Two countries of one name could not be told apart in the list.
  assertUnique(`${server} country names`, names);
  for (const name of names) if (/&|о-в/u.test(name)) fail(`${server} country name ${name} keeps a short form`);
}

/** Each language's label of a coded row, none missing or empty. */
function checkLabels(label, code, labels) {
  for (const { server } of LANGUAGES) {
    if (typeof labels[server] !== 'string' || labels[server].trim() === '')
      fail(`${label} ${code} lacks a ${server} label`);
  }
  const extra = Object.keys(labels).filter((server) => !LANGUAGES.some((language) => language.server === server));
  if (extra.length > 0) fail(`${label} ${code} has labels of unknown languages: ${extra.join(', ')}`);
}
for (const [label, list] of [
  ['document type', DOCUMENT_TYPES],
  ['ticket type', TICKET_TYPES],
  ['transport type', TRANSPORT_TYPES],
]) {
  assertUnique(
    label,
    list.map(([code]) => code),
  );
  for (const [code, labels] of list) checkLabels(label, code, labels);
}
if (TRANSPORT_TYPES.map(([code]) => code).join(',') !== 'AE,MP')
  fail('transport types must be exactly AE and MP (docs/domain.md)');
assertUnique(
  'free zones',
  FREE_ZONES.map(([code]) => code),
);
for (const [code, country, labels] of FREE_ZONES) {
  if (!EU_MEMBER_CODES.includes(country)) fail(`free zone ${code} belongs to ${country}, which is not a member state`);
  checkLabels('free zone', code, labels);
}
assertUnique(
  'airports',
  AIRPORTS.map(([code]) => code),
);
for (const [code, country, it, en] of AIRPORTS) {
  if (!/^[A-Z]{3}$/.test(code)) fail(`airport code ${code} is not an IATA code`);
  if (!countries.has(country)) fail(`airport ${code} in unknown country ${country}`);
  if (!it || !en) fail(`airport ${code} lacks a name`);
}
/** Each airport's name in every one of the ten other languages, without its code (the generator appends it). */
const airportCodes = new Set(AIRPORTS.map(([code]) => code));
for (const code of Object.keys(AIRPORT_NAMES)) if (!airportCodes.has(code)) fail(`names of unknown airport ${code}`);
for (const [code] of AIRPORTS) {
  const names = AIRPORT_NAMES[code] ?? fail(`airport ${code} has no names in the other languages (AIRPORT_NAMES)`);
  for (const { server } of OTHERS) {
    const name = names[server];
    if (typeof name !== 'string' || name.trim() === '') fail(`airport ${code} lacks a ${server} name`);
    if (name !== name.trim() || /\(\w+\)$/u.test(name))
      fail(`airport ${code}: the ${server} name '${name}' must be trimmed and without its code, which is appended`);
  }
  const extra = Object.keys(names).filter((server) => !OTHERS.some((language) => language.server === server));
  if (extra.length > 0) fail(`airport ${code} has names of unknown languages: ${extra.join(', ')}`);
}

const countryIndex = new Map(COUNTRY_CODES.map((code, index) => [code, index]));
const countryLabel = (server, code) => COUNTRY_NAMES.get(server)[countryIndex.get(code)];

const HEADER =
  '-- GENERATED by scripts/generate-reference-data.mjs from scripts/reference-data.mjs: do not edit by hand.\n';

/** 0002 below its header (the header names the ICU that made it, which another Node may not have). */
const rowsBody = `
insert into country (code, description_it, description_en, eu_member) values
${rows(COUNTRY_CODES.map((code) => [quote(code), quote(countryLabel('IT', code)), quote(countryLabel('EN', code)), bool(EU_MEMBER_CODES.includes(code))]))};

insert into document_type (code, description_it, description_en) values
${rows(DOCUMENT_TYPES.map(([code, labels]) => [quote(code), quote(labels.IT), quote(labels.EN)]))};

insert into ticket_type (code, description_it, description_en) values
${rows(TICKET_TYPES.map(([code, labels]) => [quote(code), quote(labels.IT), quote(labels.EN)]))};

insert into transport_type (code, description_it, description_en) values
${rows(TRANSPORT_TYPES.map(([code, labels]) => [quote(code), quote(labels.IT), quote(labels.EN)]))};

insert into free_zone (code, country_code, description_it, description_en, residential) values
${rows(FREE_ZONES.map(([code, country, labels, residential]) => [quote(code), quote(country), quote(labels.IT), quote(labels.EN), bool(residential)]))};

insert into airport (code, country_code, description_it, description_en) values
${rows(AIRPORTS.map(([code, country, it, en]) => [quote(code), quote(country), quote(`${it} (${code})`), quote(`${en} (${code})`)]))};
`;

const column = (language) => `description_${language.column}`;

/**
 * Adds one label column per language to `table` and fills it from `values` ([code, label per language]); the column
 * is then NOT NULL, so a row the data forgot fails the migration rather than answering an empty label.
 */
function labelColumns(table, values) {
  const columns = OTHERS.map(column);
  return `alter table ${table}
${columns.map((name) => `  add column ${name} text`).join(',\n')};
update ${table} set
${OTHERS.map((language) => `  ${column(language)} = v.${language.column}`).join(',\n')}
from (values
${rows(values.map(([code, ...labels]) => [quote(code), ...labels.map(quote)]))}
) as v (code, ${OTHERS.map((language) => language.column).join(', ')})
where ${table}.code = v.code;
alter table ${table}
${columns.map((name) => `  alter column ${name} set not null`).join(',\n')};
`;
}

const labelled = (list) => list.map(([code, labels]) => [code, ...OTHERS.map(({ server }) => labels[server])]);
const CLDR_LINE = `-- Country names: CLDR ${process.versions.cldr} with the overrides of reference-data.mjs.\n`;

const labelsText = `${HEADER}${CLDR_LINE}-- The labels of the ten languages after Italian and English (shared/contracts/src/language.ts): one column per
-- language beside description_it and description_en, so that a query joins a label as before, only by another column.
-- Airports are labelled as in English in these languages (see AIRPORTS in reference-data.mjs).

${labelColumns(
  'country',
  COUNTRY_CODES.map((code) => [code, ...OTHERS.map(({ server }) => countryLabel(server, code))]),
)}
${labelColumns('document_type', labelled(DOCUMENT_TYPES))}
${labelColumns('ticket_type', labelled(TICKET_TYPES))}
${labelColumns('transport_type', labelled(TRANSPORT_TYPES))}
${labelColumns(
  'free_zone',
  FREE_ZONES.map(([code, , labels]) => [code, ...OTHERS.map(({ server }) => labels[server])]),
)}
${labelColumns(
  'airport',
  AIRPORTS.map(([code, , , en]) => [code, ...OTHERS.map(() => `${en} (${code})`)]),
)}`;

/** 0020: the airports' labels in the ten languages after Italian and English, replacing 0019's English ones. */
const airportLabelsText = `${HEADER}-- The airports in the ten languages after Italian and English, as each language's airlines and travel sites name
-- them: the city in that language, then the airport's name, then the IATA code that the boarding pass prints.
-- Migration 0019 labelled them as in English; every airport of 0002 is here (see AIRPORT_NAMES in reference-data.mjs).

update airport set
${OTHERS.map((language) => `  ${column(language)} = v.${language.column}`).join(',\n')}
from (values
${rows(AIRPORTS.map(([code]) => [quote(code), ...OTHERS.map(({ server }) => quote(`${AIRPORT_NAMES[code][server]} (${code})`))]))}
) as v (code, ${OTHERS.map((language) => language.column).join(', ')})
where airport.code = v.code;
`;

/** The CLDR version a committed migration names in its header, if any. */
const cldrOf = (text) => /-- Country names: CLDR (\S+)/.exec(text)?.[1];
const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

// 0020 names no country: any Node writes or judges it, before the CLDR-bound files below.
if (checkOnly) {
  if (read(AIRPORT_LABELS_FILE) !== airportLabelsText)
    fail(`${AIRPORT_LABELS_FILE} is not what the data gives: run the generator`);
} else {
  writeFileSync(AIRPORT_LABELS_FILE, airportLabelsText);
  console.log(`Wrote ${AIRPORT_LABELS_FILE}: ${OTHERS.length} languages for ${AIRPORTS.length} airports.`);
}

// Names differ between CLDR versions: a Node with another CLDR can neither reproduce nor judge the committed files.
const committedRows = read(ROWS_FILE) ?? fail(`${ROWS_FILE} is missing`);
const committedLabels = read(LABELS_FILE);
for (const [file, text] of [
  [ROWS_FILE, committedRows],
  [LABELS_FILE, committedLabels],
]) {
  if (text !== null && cldrOf(text) !== process.versions.cldr) {
    console.log(
      `generate-reference-data: not compared: ${file} was generated with CLDR ${cldrOf(text)}, this Node has CLDR ${process.versions.cldr}.`,
    );
    process.exit(0);
  }
}

if (committedRows.slice(committedRows.indexOf('\n\n') + 1) !== rowsBody)
  fail(`${ROWS_FILE} is not what the data gives: it is applied, so change the data in a new migration instead`);
if (committedLabels !== labelsText)
  fail(`${LABELS_FILE} is not what the data gives: it is applied, so change the data in a new migration instead`);
console.log(
  checkOnly
    ? 'generate-reference-data: the migrations are what the data gives.'
    : `${ROWS_FILE} and ${LABELS_FILE} are what the data gives, unchanged.`,
);
