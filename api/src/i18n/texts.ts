import { LANGUAGE_TABLE, type ServerLanguage, type ShortLanguage } from '@varco/contracts';

/**
 * What the api's text files have in common (the catalogue of messages.ts, the mails of modules/mail): flat keys,
 * `{name}` placeholders, and a text that depends on a number written once per plural category of its language
 * (`key_one`, `key_few`, `key_other` …, the categories of `Intl.PluralRules`).
 */

/** One file per language, named by its short code as the files are (`locales/<short>.json`), under its server code. */
export function byServerLanguage<T>(files: Readonly<Record<ShortLanguage, T>>): Readonly<Record<ServerLanguage, T>> {
  const entries = LANGUAGE_TABLE.map((entry) => [entry.server, files[entry.short]] as const);
  return Object.fromEntries(entries) as Record<ServerLanguage, T>;
}

/** A text written per plural category; `other` is the one every language has. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;
export type Text = string | PluralForms;

/** A file's key without its plural suffix: `risk.manyInvoices_one` → `risk.manyInvoices`. */
export type WithoutPlural<K> = K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : K;

const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/** A file's texts with the plural forms of a key gathered under the key itself. */
export function gatherPlurals(file: Readonly<Record<string, string>>): Record<string, Text> {
  const texts: Record<string, Text> = {};
  for (const [key, text] of Object.entries(file)) {
    const plural = PLURAL_KEY.exec(key);
    if (!plural) {
      texts[key] = text;
      continue;
    }
    const [, base, category] = plural as unknown as [string, string, Intl.LDMLPluralRule];
    const forms = texts[base];
    texts[base] = { ...(typeof forms === 'object' ? forms : {}), [category]: text };
  }
  return texts;
}

// One set of rules per language, made at load: choosing a form costs a lookup.
const PLURAL_RULES = new Map<ServerLanguage, Intl.PluralRules>(
  LANGUAGE_TABLE.map((entry) => [entry.server, new Intl.PluralRules(entry.locale)]),
);

/** The form of `text` for the number `count` in `language` (a number that is not one takes `other`). */
export function chooseForm(language: ServerLanguage, text: Text, count: number): string {
  if (typeof text === 'string') return text;
  const category = PLURAL_RULES.get(language)?.select(count) ?? 'other';
  return text[category] ?? text.other ?? '';
}

export type TextParams = Readonly<Record<string, string | number>>;

/** `text` with its `{name}` placeholders replaced; a placeholder without a value stays visible. */
export function fill(text: string, params: TextParams): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
