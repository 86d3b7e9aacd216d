// npm test: every `src/**/*.test.ts` with Node's test runner and tsx, each file in a process of its own with one
// database. A file whose suites run on each database (`describeEachDatabase`, `databaseKinds()`) runs as one process
// per database (TEST_DATABASES), so that the PGlite and the PostgreSQL halves of the run go side by side instead of
// one after the other in one process. The longest jobs start first (the durations of the last run on this machine,
// else the files' sizes), so that no long file starts last and runs alone.
//
// Usage: node scripts/run-tests.mjs [--tap <file>] [--times <file>] [--concurrency N] [test files...] [-- runner options]
// Each job's spec report is printed whole when it ends (jobs do not interleave); `--tap` writes the jobs' TAP reports
// one after the other into <file>, in the jobs' sorted order, and `--times` each job's seconds as JSON.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const TIMES_FILE = join(root, '..', 'node_modules', '.cache', 'varco-api-test-times.json');
const COMPILE_CACHE = join(root, '..', 'node_modules', '.cache', 'node-compile');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

/** The databases a run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL names a server. */
const databases = () => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

/** A file's jobs: one per database when its suites are declared per database, else one. */
export function jobsOf(file, text, kinds = databases()) {
  const perDatabase = /\bdescribeEachDatabase\(|\bdatabaseKinds\(\)/.test(text);
  return perDatabase ? kinds.map((database) => ({ file, database })) : [{ file, database: undefined }];
}

const jobName = ({ file, database }) => (database ? `${file} [${database}]` : file);

function readTimes() {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** Longest first: by the last run's seconds when known, else by the file's size (a larger file, more tests). */
export function byExpectedLength(jobs, times, sizeOf) {
  const expected = (job) => times[jobName(job)] ?? sizeOf(job.file) / 1_000;
  return [...jobs].sort((a, b) => expected(b) - expected(a) || jobName(a).localeCompare(jobName(b)));
}

function runJob(job, runnerArgs, tapDir, index) {
  const tapFile = join(tapDir, `${String(index).padStart(4, '0')}.tap`);
  // V8's code of the modules kept between processes: every job loads the whole api.
  const env = { NODE_COMPILE_CACHE: COMPILE_CACHE, ...process.env };
  if (job.database) env.TEST_DATABASES = job.database;
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...runnerArgs,
    job.file,
  ];
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) =>
      done({
        job,
        code: code ?? 1,
        signal,
        output: Buffer.concat(output),
        seconds: (Date.now() - started) / 1000,
        tapFile,
      }),
    );
  });
}

async function main() {
  const args = process.argv.slice(2);
  const split = args.includes('--') ? args.indexOf('--') : args.length;
  const runnerArgs = args.slice(split + 1);
  const { values, positionals: chosen } = parseArgs({
    args: args.slice(0, split),
    allowPositionals: true,
    options: { tap: { type: 'string' }, times: { type: 'string' }, concurrency: { type: 'string' } },
  });
  const files = chosen.length
    ? chosen.map((file) => relative(root, resolve(process.env.INIT_CWD ?? process.cwd(), file)))
    : testFiles(join(root, 'src')).sort();
  const jobs = byExpectedLength(
    files.flatMap((file) => jobsOf(file, readFileSync(join(root, file), 'utf8'))),
    readTimes(),
    (file) => statSync(join(root, file)).size,
  );
  // The PostgreSQL jobs wait on the server as much as they compute: one more job than cores keeps both busy.
  const width = Number(values.concurrency ?? process.env.API_TEST_CONCURRENCY ?? availableParallelism() + 1);
  const tapDir = mkdtempSync(join(tmpdir(), 'varco-api-tap-'));
  const results = [];
  const queue = jobs.map((job, index) => ({ job, index }));
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Math.max(1, width) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const result = await runJob(next.job, runnerArgs, tapDir, next.index);
        process.stdout.write(`\n── ${jobName(result.job)} (${result.seconds.toFixed(1)} s)\n`);
        process.stdout.write(result.output);
        results[next.index] = result;
      }
    }),
  );

  const failed = results.filter((result) => result.code !== 0);
  if (values.tap) {
    mkdirSync(dirname(resolve(values.tap)), { recursive: true });
    writeFileSync(
      values.tap,
      results
        .map((result) => {
          try {
            return readFileSync(result.tapFile, 'utf8');
          } catch {
            // A process that died before its report: a failure the summary counts.
            return `TAP version 13\nnot ok 1 - ${jobName(result.job)}\n# fail 1\n`;
          }
        })
        .join('\n'),
    );
  }
  rmSync(tapDir, { recursive: true, force: true });
  const times = Object.fromEntries(results.map((result) => [jobName(result.job), result.seconds]));
  if (values.times) writeFileSync(values.times, JSON.stringify(times, null, 1));
  if (!chosen.length) {
    mkdirSync(dirname(TIMES_FILE), { recursive: true });
    writeFileSync(TIMES_FILE, JSON.stringify(times));
  }
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  console.log(
    `\napi tests: ${results.length} jobs, ${width} at a time, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log('slowest:');
  for (const result of slowest) console.log(`  ${result.seconds.toFixed(1).padStart(6)} s  ${jobName(result.job)}`);
  for (const result of failed)
    console.log(
      `failed: ${jobName(result.job)} (${result.signal ? `signal ${result.signal}` : `exit ${result.code}`})`,
    );
  process.exitCode = failed.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
