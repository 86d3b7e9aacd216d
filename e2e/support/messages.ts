import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShortLanguage } from '../../shared/contracts/src/language';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The languages the journeys' specs run in (languages.spec.ts runs the others): the selector's value and the short form of the translation files. */
export const LANGUAGES = [
  { code: 'en', locale: 'en_US' },
  { code: 'it', locale: 'it_IT' },
] as const;
export type JourneyLanguage = (typeof LANGUAGES)[number]['code'];
/** Every interface language, by its short form. */
export type LanguageCode = ShortLanguage;

/** Where each namespace's translations are: a remote's own, or `common` of the shared i18n package. */
const FILES = {
  common: (language: LanguageCode) => join(repoRoot, 'shared', 'i18n', 'src', 'locales', `${language}.json`),
  'mf-auth': (language: LanguageCode) => join(repoRoot, 'mf-auth', 'src', 'i18n', `${language}.json`),
  'mf-invoices': (language: LanguageCode) => join(repoRoot, 'mf-invoices', 'src', 'i18n', `${language}.json`),
  'mf-visa': (language: LanguageCode) => join(repoRoot, 'mf-visa', 'src', 'i18n', `${language}.json`),
  'mf-notifications': (language: LanguageCode) => join(repoRoot, 'mf-notifications', 'src', 'i18n', `${language}.json`),
} as const;
export type Namespace = keyof typeof FILES;

/** The translation file the build ships for a namespace in a language. */
export const translationFile = (namespace: Namespace, language: LanguageCode): string => FILES[namespace](language);

/**
 * The text the traveler reads for `key` (dotted path) of a namespace in a language, read from the translation file the
 * build ships, with its `{{values}}` filled in. A key that is missing fails the test rather than matching nothing.
 */
export function text(
  namespace: Namespace,
  language: LanguageCode,
  key: string,
  values: Record<string, string | number> = {},
): string {
  let node: unknown = JSON.parse(readFileSync(FILES[namespace](language), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${namespace}:${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `text` bound to one namespace and language. */
export const textsOf =
  (namespace: Namespace, language: LanguageCode) =>
  (key: string, values?: Record<string, string | number>): string =>
    text(namespace, language, key, values);

/** A label that may carry the " *" of a required field, as an exact pattern. */
export const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
