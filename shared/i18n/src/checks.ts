import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_TABLE } from '@varco/contracts/plain';
import { flattenKeys } from './keys';

/**
 * The checks every set of texts passes in every language (a remote's `src/i18n`, the common texts, the api's
 * catalogue): the keys of the English file, with the plural forms the language's own rules ask for; the same
 * placeholders; no empty text; and nothing left in English but the names and codes a set allows.
 */

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}|\{[\w.]+\}|<\/?\d+>/g;

type Texts = Record<string, unknown>;

function flatten(texts: unknown): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value as Texts)) walk(child, prefix ? `${prefix}.${key}` : key);
    } else entries.set(prefix, String(value));
  };
  walk(texts, '');
  return entries;
}

/** The keys a language must have: English's, each plural key in the language's own plural categories. */
export function expectedKeys(english: unknown, locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of flattenKeys(english)) {
    if (PLURAL.test(key)) for (const category of categories) keys.add(key.replace(PLURAL, `_${category}`));
    else keys.add(key);
  }
  return [...keys];
}

const placeholders = (text: string) => [...new Set(text.match(PLACEHOLDER) ?? [])].sort();

/** What is wrong with `translation` against `english` for `locale`; empty when nothing is. */
export function translationIssues(
  english: unknown,
  translation: unknown,
  locale: string,
  sameAsEnglish: readonly string[] = [],
): string[] {
  const source = flatten(english);
  const target = flatten(translation);
  const expected = new Set(expectedKeys(english, locale));
  const issues: string[] = [];
  for (const key of expected) if (!target.has(key)) issues.push(`missing ${key}`);
  for (const [key, text] of target) {
    if (!expected.has(key)) {
      issues.push(`extra ${key}`);
      continue;
    }
    const sourceKey = source.has(key)
      ? key
      : [...source.keys()].find((k) => k.replace(PLURAL, '') === key.replace(PLURAL, ''))!;
    const sourceText = source.get(sourceKey) ?? '';
    if (text.trim() === '') issues.push(`empty ${key}`);
    // A plural form may leave out the count ("one day left"): only the other placeholders must all be there.
    const wanted = placeholders(sourceText).filter((p) => !(PLURAL.test(key) && /count/.test(p)));
    const found = placeholders(text);
    const missing = wanted.filter((p) => !found.includes(p));
    const unknown = found.filter((p) => !placeholders(sourceText).includes(p));
    if (missing.length || unknown.length)
      issues.push(`placeholders of ${key}: ${found.join(' ')} for ${wanted.join(' ')}`);
    if (!locale.startsWith('en') && text === sourceText && !sameAsEnglish.includes(key))
      issues.push(`English left in ${key}`);
  }
  return issues;
}

/** The keys whose text may read as the English one: in every language (`'*'`), or in one (by its short form). */
export type SameAsEnglish = Readonly<Record<string, readonly string[]>>;

/** Every language's file in `dir` (`<short>.json`) checked against `en.json` there, by language: empty when all pass. */
export function translationIssuesOfDir(dir: string, sameAsEnglish: SameAsEnglish = {}): Record<string, string[]> {
  const read = (short: string): unknown => JSON.parse(readFileSync(join(dir, `${short}.json`), 'utf8'));
  const english = read('en');
  const result: Record<string, string[]> = {};
  for (const { short, locale } of LANGUAGE_TABLE) {
    let issues: string[];
    try {
      const allowed = [...(sameAsEnglish['*'] ?? []), ...(sameAsEnglish[short] ?? [])];
      issues = translationIssues(english, read(short), locale, allowed);
    } catch (error) {
      issues = [`unreadable: ${(error as Error).message}`];
    }
    if (issues.length) result[short] = issues;
  }
  return result;
}
