// `npm run generate --workspace @varco/api -- --travelers 1000000 --invoices 10000000` (or `node api/dist/generate.mjs
// ...`): fills the configured database with fake data for load tests (deploy/bench): merchants, ACTIVE travelers and
// their invoices, all recognisable by the `bench-` / `BENCH` prefixes. Applies pending migrations first.
//
// Fast: every row is built by the server (`insert ... select ... from generate_series`), in chunks of --chunk rows
// (500k by default), each chunk one statement, so a stopped run leaves whole chunks behind. Resumable: bench travelers
// and invoices are numbered 1..n without gaps, so the existing count is found by a binary search on unique keys and
// only the missing ones are added; running it again with the same or smaller sizes adds nothing. Ends with VACUUM
// ANALYZE (ANALYZE on PGlite) and prints the elapsed time and the table sizes.
//
// Never against a database with real travelers you care about: it writes fake personal data (and no password).
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { MIGRATIONS_DIR } from '../paths';
import { openDatabase, type DatabaseHandle } from './database';
import type { Database } from './types';
import { migrate, readMigrations } from './migrator';

/** Above this many invoices, PGlite (single-threaded WASM, one process) is refused: use PostgreSQL. */
const PGLITE_MAX_INVOICES = 100_000;
const DEFAULT_CHUNK = 500_000;
const DEFAULT_MERCHANTS = 500;
/** One merchant in ten is a broker issuing for the vendors. */
const BROKER_EVERY = 10;

export const BENCH_EMAIL_DOMAIN = 'bench.varco.invalid';
/** The e-mail of bench traveler n (1-based). */
export const benchEmail = (n: number) => `bench-${n}@${BENCH_EMAIL_DOMAIN}`;
/** The request code of bench invoice n (1-based). */
export const benchRequestCode = (n: number) => `BENCH-${String(n).padStart(10, '0')}`;

// Non-EU residents (tax-free is for them); a traveler's passport is of their country of residence.
const COUNTRIES = [
  'US',
  'CN',
  'GB',
  'CH',
  'JP',
  'AU',
  'CA',
  'BR',
  'IN',
  'KR',
  'AE',
  'SA',
  'MX',
  'SG',
  'TR',
  'NO',
  'IL',
  'ZA',
  'AR',
  'TH',
];
const FIRST_NAMES = [
  'James',
  'Mary',
  'Wei',
  'Yuki',
  'Olivia',
  'Noah',
  'Liam',
  'Emma',
  'Aarav',
  'Min-jun',
  'Sofia',
  'Lucas',
  'Mohammed',
  'Fatima',
  'Hiroshi',
  'Chloe',
  'Ethan',
  'Ava',
  'Mateo',
  'Isabella',
  'Oliver',
  'Mia',
  'Arjun',
  'Priya',
  'Daniel',
  'Sara',
  'Jack',
  'Grace',
  'Leon',
  'Nora',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Wang',
  'Li',
  'Tanaka',
  'Sato',
  'Brown',
  'Taylor',
  'Kim',
  'Park',
  'Silva',
  'Santos',
  'Patel',
  'Sharma',
  'Garcia',
  'Martinez',
  'Muller',
  'Meier',
  'Cohen',
  'Levi',
  'Hansen',
  'Olsen',
  'Al-Farsi',
  'Haddad',
  'Wilson',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Yilmaz',
  'Kaya',
  'Fernandez',
  'Lopez',
  'Chen',
  'Zhang',
  'Kumar',
  'Singh',
  'White',
  'Harris',
  'Clark',
  'Lewis',
];
const SHOP_WORDS = [
  'Boutique',
  'Atelier',
  'Pelletteria',
  'Gioielleria',
  'Profumeria',
  'Calzature',
  'Moda',
  'Ottica',
  'Orologeria',
  'Enoteca',
];
const CITIES = ['Milano', 'Roma', 'Firenze', 'Venezia', 'Napoli', 'Torino', 'Bologna', 'Verona', 'Como', 'Capri'];
const CUSTOMS_OFFICES = ['IT277100', 'IT078100', 'IT117100', 'IT065100', 'IT013100'];

/** A constant text array as SQL text (our own constants: quoted here, no parameters needed). */
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const arraySql = (values: readonly string[]) => `array[${values.map(quote).join(',')}]::text[]`;
const textArray = (values: readonly string[]) => sql.raw(arraySql(values));

interface Options {
  travelers: number;
  invoices: number;
  merchants: number;
  chunk: number;
}

function usage(): string {
  return [
    'Usage: generate --travelers <n> --invoices <n> [--merchants <n>] [--chunk <rows>]',
    '  Adds fake bench data (prefix bench-/BENCH) to the database of DATABASE_URL (or PGlite in DATA_DIR, up to',
    `  ${PGLITE_MAX_INVOICES.toLocaleString('en')} invoices) until it holds the sizes asked for; never removes any.`,
  ].join('\n');
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      travelers: { type: 'string' },
      invoices: { type: 'string' },
      merchants: { type: 'string' },
      chunk: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const count = (name: string, raw: string | undefined, fallback: number | undefined, min: number): number => {
    if (raw === undefined && fallback !== undefined) return fallback;
    // 1_000_000 and 1e6 are accepted too.
    const value = raw === undefined ? Number.NaN : Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`--${name} must be an integer >= ${min}`);
    return value;
  };
  return {
    travelers: count('travelers', values.travelers, undefined, 1),
    invoices: count('invoices', values.invoices, undefined, 0),
    merchants: count('merchants', values.merchants, DEFAULT_MERCHANTS, BROKER_EVERY),
    chunk: count('chunk', values.chunk, DEFAULT_CHUNK, 1_000),
  };
}

class UsageError extends Error {}

/** How many of 1..max exist, given that those that exist are exactly 1..k (whole chunks, in order). */
async function existingPrefix(max: number, exists: (n: number) => Promise<boolean>): Promise<number> {
  if (max === 0 || !(await exists(1))) return 0;
  if (await exists(max)) return max;
  let low = 1; // exists
  let high = max; // missing
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await exists(middle)) low = middle;
    else high = middle;
  }
  return low;
}

const seconds = (startedAt: number) => ((Date.now() - startedAt) / 1000).toFixed(1);
const format = (value: number) => value.toLocaleString('en');

/** Runs `insert(from, to)` over from..to in chunks, with one progress line per chunk. */
async function inChunks(
  label: string,
  from: number,
  to: number,
  chunk: number,
  insert: (first: number, last: number) => Promise<void>,
) {
  const startedAt = Date.now();
  for (let first = from; first <= to; first += chunk) {
    const last = Math.min(to, first + chunk - 1);
    await insert(first, last);
    const done = last - from + 1;
    const rate = Math.round(done / Math.max(0.001, (Date.now() - startedAt) / 1000));
    console.log(
      `  ${label} ${format(last)} / ${format(to)}  (+${format(done)} in ${seconds(startedAt)} s, ${format(rate)}/s)`,
    );
  }
}

async function ensureMerchants(db: Kysely<Database>, merchants: number): Promise<void> {
  // Bench merchants have VAT numbers IT9xxxxxxxxxx and no usable api key: the stored "hash" is random hex.
  const result = await sql`
    insert into merchant (kind, name, vat_number, api_key_hash)
    select case when n % ${BROKER_EVERY} = 0 then 'BROKER' else 'VENDOR' end,
           case when n % ${BROKER_EVERY} = 0 then 'Bench Tax Refund ' || n || ' S.p.A.'
                else (${textArray(SHOP_WORDS)})[1 + n % ${SHOP_WORDS.length}] || ' Bench ' || n || ' '
                     || (${textArray(CITIES)})[1 + (n / ${SHOP_WORDS.length}) % ${CITIES.length}] || ' S.r.l.' end,
           'IT9' || lpad(n::text, 10, '0'),
           md5(random()::text) || md5(random()::text)
    from generate_series(1, ${merchants}::int) as n
    on conflict do nothing`.execute(db);
  const added = Number(result.numAffectedRows ?? 0);
  console.log(added > 0 ? `Merchants: added ${format(added)}.` : 'Merchants: present.');
}

/** Bench traveler n: every column is a function of n, so an invoice can name its holder without reading the table. */
const holder = {
  country: (n: string) => sql.raw(`(${arraySql(COUNTRIES)})[1 + (${n}) % ${COUNTRIES.length}]`),
  number: (n: string) => sql.raw(`'BENCH' || lpad((${n})::text, 9, '0')`),
  nome: (n: string) => sql.raw(`(${arraySql(FIRST_NAMES)})[1 + (${n}) % ${FIRST_NAMES.length}]`),
  cognome: (n: string) =>
    sql.raw(`(${arraySql(LAST_NAMES)})[1 + ((${n}) / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`),
};

async function addTravelers(db: Kysely<Database>, from: number, to: number, chunk: number): Promise<void> {
  await inChunks('travelers', from, to, chunk, async (first, last) => {
    await sql`
      insert into traveler (email, password_hash, nome, cognome, data_nascita, paese_residenza, tipo_documento,
                            paese_documento, numero_documento, privacy, language, status, identity_provider, activated_at)
      select 'bench-' || n || ${sql.raw(quote(`@${BENCH_EMAIL_DOMAIN}`))},
             null,
             ${holder.nome('n')},
             ${holder.cognome('n')},
             date '1950-01-01' + ((n::bigint * 7919) % 20000)::int,
             ${holder.country('n')},
             'PASSAPORTO',
             ${holder.country('n')},
             ${holder.number('n')},
             true,
             case when n % 5 = 0 then 'IT' else 'EN' end,
             'ACTIVE',
             'CREDENTIALS',
             now() - ((n % 900) || ' days')::interval
      from generate_series(${first}::int, ${last}::int) as n`.execute(db);
  });
}

/**
 * Invoices from..to, spread over bench travelers 1..travelers: four in five to anyone, one in five to the first
 * twentieth (frequent shoppers, about 5x the average). Amounts from 70.01 with a long tail, VAT included (22% or 10%),
 * issued over the last two years, states weighted like a live system; granted ones (100) carry their release.
 */
async function addInvoices(
  db: Kysely<Database>,
  from: number,
  to: number,
  travelers: number,
  chunk: number,
): Promise<void> {
  const frequent = Math.max(1, Math.floor(travelers / 20));
  await inChunks('invoices', from, to, chunk, async (first, last) => {
    // The merchants' arrays are joined at the end only: carried through the CTE, they would be copied on every row.
    await sql`
      with g as (
        select n,
               case when random() < 0.8 then 1 + floor(random() * ${travelers}::int)::int
                    else 1 + floor(random() * ${frequent}::int)::int end as holder,
               random() as vendor_pick,
               case when random() < 0.15 then random() end as broker_pick,
               round((70.01 + least(-ln(1 - random()) * 350, 20000))::numeric, 2) as total,
               case when random() < 0.85 then 22 else 10 end as vat_rate,
               current_date - floor(random() * 730)::int as issued,
               random() as s
        from generate_series(${first}::int, ${last}::int) as n
      ), x as (
        select g.*,
               case when s < 0.18 then 1 when s < 0.28 then 30 when s < 0.36 then 90 when s < 0.70 then 100
                    when s < 0.76 then 40 when s < 0.88 then 50 when s < 0.94 then 10 else 20 end as state
        from g
      ), m as materialized (
        select array_agg(id order by id) filter (where kind = 'VENDOR') as vendor_ids,
               array_agg(name order by id) filter (where kind = 'VENDOR') as vendor_names,
               array_agg(vat_number order by id) filter (where kind = 'VENDOR') as vendor_vats,
               array_agg(id order by id) filter (where kind = 'BROKER') as broker_ids,
               array_agg(name order by id) filter (where kind = 'BROKER') as broker_names
        from merchant where vat_number like 'IT9%' and name like '%Bench%'
      ), y as (
        select x.*, 1 + floor(vendor_pick * cardinality(m.vendor_ids))::int as vendor,
               1 + floor(broker_pick * cardinality(m.broker_ids))::int as broker
        from x cross join m
      )
      insert into invoice (request_code, merchant_id, vendor_vat_number, vendor_name, broker_name, invoice_number,
                           emission_date, total_amount, iva_amount, document_type, document_country, document_number,
                           traveler_name, state_code, in_completion, customs_office, release_date, release_code, created_at, updated_at)
      select 'BENCH-' || lpad(n::text, 10, '0'),
             coalesce(broker_ids[broker], vendor_ids[vendor]),
             vendor_vats[vendor],
             vendor_names[vendor],
             broker_names[broker],
             'B' || n || '/' || extract(year from issued),
             issued,
             total,
             round(total * vat_rate / (100 + vat_rate), 2),
             'PASSAPORTO',
             ${holder.country('holder')},
             ${holder.number('holder')},
             ${holder.nome('holder')} || ' ' || ${holder.cognome('holder')},
             state,
             state = 100 and n % 10 = 0,
             case when state = 100 then (${textArray(CUSTOMS_OFFICES)})[1 + n % ${sql.raw(String(CUSTOMS_OFFICES.length))}] end,
             case when state = 100 then issued + (1 + n % 30) + time '10:30' end,
             case when state = 100 then to_char(issued, 'YY') || 'ITV' || lpad(n::text, 9, '0') end,
             issued + time '09:00',
             issued + time '09:00'
      from y cross join m`.execute(db);
  });
}

async function printSizes(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string; rows: string; table_mb: string; indexes_mb: string; total_mb: string }>`
    select c.relname as name, c.reltuples::bigint::text as rows,
           round(pg_relation_size(c.oid) / 1048576.0)::text as table_mb,
           round(pg_indexes_size(c.oid) / 1048576.0)::text as indexes_mb,
           round(pg_total_relation_size(c.oid) / 1048576.0)::text as total_mb
    from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
    where ns.nspname = current_schema() and c.relname in ('merchant', 'traveler', 'invoice', 'session')
    order by c.relname`.execute(db);
  console.log('Table sizes (rows estimated by ANALYZE):');
  console.log(
    `  ${'table'.padEnd(10)} ${'rows'.padStart(12)} ${'table MB'.padStart(9)} ${'index MB'.padStart(9)} ${'total MB'.padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(10)} ${format(Number(row.rows)).padStart(12)} ${row.table_mb.padStart(9)} ${row.indexes_mb.padStart(9)} ${row.total_mb.padStart(9)}`,
    );
  }
}

async function generate(handle: DatabaseHandle, options: Options): Promise<void> {
  const startedAt = Date.now();
  const applied = await migrate(handle, readMigrations(MIGRATIONS_DIR));
  console.log(applied.length ? `Applied ${applied.length} migration(s).` : 'Schema up to date.');

  // One connection for the whole run: the session settings below apply to every statement.
  await handle.db.connection().execute(async (db) => {
    if (handle.kind === 'postgres') {
      // Bench data: losing the last commits in a crash is fine, and sorts/aggregates get room.
      await sql`set synchronous_commit = off`.execute(db);
      await sql`set work_mem = '64MB'`.execute(db);
      await sql`set maintenance_work_mem = '512MB'`.execute(db);
      // Foreign keys are checked by a trigger per row and key, half the insert time: a superuser skips them, as every
      // reference is built from rows checked here (merchants read back from the table, countries checked below).
      const { rows } = await sql<{
        super: boolean;
      }>`select rolsuper as super from pg_roles where rolname = current_user`.execute(db);
      if (rows[0]?.super) await sql`set session_replication_role = replica`.execute(db);
    }
    const { rows: known } = await sql<{
      code: string;
    }>`select code from country where code = any(${COUNTRIES}::text[])`.execute(db);
    const { rows: passport } = await sql<{
      code: string;
    }>`select code from document_type where code = 'PASSAPORTO'`.execute(db);
    if (known.length !== COUNTRIES.length || passport.length !== 1)
      throw new Error('The reference data lacks a country or document type the generator uses');
    await ensureMerchants(db, options.merchants);

    const travelerExists = async (n: number) =>
      (await db
        .selectFrom('traveler')
        .select('id')
        .where(sql<string>`lower(email)`, '=', benchEmail(n))
        .executeTakeFirst()) !== undefined;
    const travelers = await existingPrefix(options.travelers, travelerExists);
    if (travelers < options.travelers) {
      console.log(`Travelers: ${format(travelers)} present, adding ${format(options.travelers - travelers)}.`);
      await addTravelers(db, travelers + 1, options.travelers, options.chunk);
    } else {
      console.log(`Travelers: ${format(options.travelers)} present.`);
    }

    const invoiceExists = async (n: number) =>
      (await db
        .selectFrom('invoice')
        .select('id')
        .where('request_code', '=', benchRequestCode(n))
        .executeTakeFirst()) !== undefined;
    const invoices = await existingPrefix(options.invoices, invoiceExists);
    if (invoices < options.invoices) {
      console.log(`Invoices: ${format(invoices)} present, adding ${format(options.invoices - invoices)}.`);
      await addInvoices(db, invoices + 1, options.invoices, options.travelers, options.chunk);
    } else {
      console.log(`Invoices: ${format(options.invoices)} present.`);
    }

    const analyzeStartedAt = Date.now();
    // VACUUM also sets the visibility map, which lets the count of a traveler's invoices be an index-only scan.
    if (handle.kind === 'postgres') await sql`vacuum (analyze) merchant, traveler, invoice`.execute(db);
    else await sql`analyze merchant, traveler, invoice`.execute(db);
    console.log(`${handle.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE'} in ${seconds(analyzeStartedAt)} s.`);
    await printSizes(db);
  });
  console.log(`Done in ${seconds(startedAt)} s.`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  if (!config.databaseUrl && options.invoices > PGLITE_MAX_INVOICES) {
    throw new UsageError(
      `Refusing to generate ${format(options.invoices)} invoices in PGlite (${config.dataDir}): above ${format(PGLITE_MAX_INVOICES)} it is far too ` +
        'slow and memory-hungry. Set DATABASE_URL to a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/varco_bench).',
    );
  }
  const target = config.databaseUrl
    ? `PostgreSQL ${new URL(config.databaseUrl).pathname.slice(1) || '(default database)'}`
    : `PGlite in ${config.dataDir}`;
  console.log(
    `Generating up to ${format(options.travelers)} travelers and ${format(options.invoices)} invoices in ${target}.`,
  );
  const handle = await openDatabase(config, {
    error: (payload, message) => console.error(message, JSON.stringify(payload)),
  });
  try {
    await generate(handle, options);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage()}`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
