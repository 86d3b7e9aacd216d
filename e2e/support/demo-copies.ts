import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { E2E_WORKERS } from './workers';

/** The spec files, in one order in every worker: a file's place in it numbers its copies of the demo traveler. */
const SPEC_FILES = readdirSync(fileURLToPath(new URL('../tests', import.meta.url)))
  .filter((file) => file.endsWith('.spec.ts'))
  .sort();

/**
 * How many copies of the demo traveler the api of the browser tests seeds (SEED_DEMO_COPIES): one per spec file and
 * worker, so that the tests of a file run side by side in several workers (`mode: 'parallel'`), each signed in as its own.
 */
export const DEMO_COPIES = SPEC_FILES.length * E2E_WORKERS;

export interface DemoCopy {
  email: string;
  password: string;
  nome: string;
  cognome: string;
  /** The travel document the copy's invoices are issued to. */
  document: { type: string; country: string; number: string };
}

/** Copy `n` of the demo traveler, as the api's seed makes it (`demoTravelerCopy` of api/src/modules/demo/seed.ts). */
export function demoCopy(n: number): DemoCopy {
  return {
    email: `mario.rossi.${n}@example.com`,
    password: 'Varco-Demo-2026!',
    nome: 'Mario',
    cognome: 'Rossi',
    document: { type: 'PASSAPORTO', country: 'US', number: `YA${9_000_000 + n}` },
  };
}

/**
 * The running spec file's own copy of the demo traveler in this worker: Mario Rossi with his invoices in every state
 * and his visa requests, whom no other spec or worker signs in, so that tests run side by side with no traveler in
 * common (a sign-in code mailed to one traveler ends the one before it). The tests of a file that run in order run in
 * one worker, and so share their copy.
 */
export function specTraveler(): DemoCopy {
  const { file, parallelIndex } = test.info();
  const index = SPEC_FILES.indexOf(basename(file));
  if (index === -1) throw new Error(`${basename(file)} is not a spec file of e2e/tests`);
  return demoCopy(index * E2E_WORKERS + parallelIndex + 1);
}
