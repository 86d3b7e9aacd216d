/**
 * Interface languages (docs/domain.md). Each has a long form (i18next's language, kept in the cookie and local
 * storage), a short form (the file names of the texts, `<html lang>`, the prerendered pages), the form sent to the
 * server, the locale that formats its dates and amounts, its writing direction and its own name in its own script.
 * Schemas: language-schemas.ts.
 */
export const LANGUAGE_TABLE = [
  { long: 'it_IT', short: 'it', server: 'IT', locale: 'it-IT', dir: 'ltr', name: 'Italiano' },
  { long: 'en_US', short: 'en', server: 'EN', locale: 'en-US', dir: 'ltr', name: 'English' },
  { long: 'zh_Hans', short: 'zh-Hans', server: 'ZH-HANS', locale: 'zh-Hans-CN', dir: 'ltr', name: '中文（简体）' },
  { long: 'es', short: 'es', server: 'ES', locale: 'es', dir: 'ltr', name: 'Español' },
  { long: 'fr', short: 'fr', server: 'FR', locale: 'fr-FR', dir: 'ltr', name: 'Français' },
  { long: 'de', short: 'de', server: 'DE', locale: 'de-DE', dir: 'ltr', name: 'Deutsch' },
  { long: 'ar', short: 'ar', server: 'AR', locale: 'ar', dir: 'rtl', name: 'العربية' },
  { long: 'ja', short: 'ja', server: 'JA', locale: 'ja-JP', dir: 'ltr', name: '日本語' },
  { long: 'ko', short: 'ko', server: 'KO', locale: 'ko-KR', dir: 'ltr', name: '한국어' },
  { long: 'ru', short: 'ru', server: 'RU', locale: 'ru-RU', dir: 'ltr', name: 'Русский' },
  { long: 'pt_BR', short: 'pt-BR', server: 'PT-BR', locale: 'pt-BR', dir: 'ltr', name: 'Português (Brasil)' },
  { long: 'tr', short: 'tr', server: 'TR', locale: 'tr-TR', dir: 'ltr', name: 'Türkçe' },
] as const;

type Entry = (typeof LANGUAGE_TABLE)[number];
export type Language = Entry['long'];
export type ShortLanguage = Entry['short'];
export type ServerLanguage = Entry['server'];
export type Locale = Entry['locale'];

export const LANGUAGES = LANGUAGE_TABLE.map((entry) => entry.long) as unknown as readonly [Language, ...Language[]];
export const SHORT_LANGUAGES = LANGUAGE_TABLE.map((entry) => entry.short) as unknown as readonly [
  ShortLanguage,
  ...ShortLanguage[],
];
export const SERVER_LANGUAGES = LANGUAGE_TABLE.map((entry) => entry.server) as unknown as readonly [
  ServerLanguage,
  ...ServerLanguage[],
];
export const FALLBACK_LANGUAGE: Language = 'en_US';
const FALLBACK = LANGUAGE_TABLE[1];

/**
 * The language a tag names, by its primary subtag (`it-CH`, `IT`, `zh-TW`, `pt-PT`, `ZH-HANS` …): one language per
 * subtag, so a Chinese reader of traditional script gets simplified Chinese and a Portuguese reader the Brazilian
 * texts rather than English. Anything else is English, the fallback.
 */
function entryOf(tag: string | null | undefined): Entry {
  const primary = tag
    ?.trim()
    .split(/[-_;,\s]/)[0]
    ?.toLowerCase();
  return LANGUAGE_TABLE.find((entry) => entry.short.split('-')[0] === primary) ?? FALLBACK;
}

/** The long form of any tag (what i18next's detector found, a cookie's value, a server code). */
export function toLanguage(tag: string | null | undefined): Language {
  return entryOf(tag).long;
}

export function toServerLanguage(language: string | null | undefined): ServerLanguage {
  return entryOf(language).server;
}

export function toShortLanguage(language: string | null | undefined): ShortLanguage {
  return entryOf(language).short;
}

/** The locale that formats dates, hours and amounts in that language (Intl). */
export function toLocale(language: string | null | undefined): Locale {
  return entryOf(language).locale;
}

export function directionOf(language: string | null | undefined): 'ltr' | 'rtl' {
  return entryOf(language).dir;
}

/** The language's name in its own script, as the selector shows it. */
export function nativeName(language: string | null | undefined): string {
  return entryOf(language).name;
}

/** Reads an Accept-Language header value (IT, ZH-HANS, it-IT, fr;q=0.8 ...) into a server language: its first tag. */
export function parseServerLanguage(header: string | undefined): ServerLanguage {
  const first = header?.split(',')[0]?.trim();
  return toServerLanguage(first || 'EN');
}
