/** Interface languages (docs/domain.md): long form, short form, and the form sent to the server (schemas: language-schemas.ts). */
export const LANGUAGES = ['it_IT', 'en_US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en_US';

export const SERVER_LANGUAGES = ['IT', 'EN'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export type ShortLanguage = 'it' | 'en';

export function toServerLanguage(language: string | undefined): ServerLanguage {
  return language?.toLowerCase().startsWith('it') ? 'IT' : 'EN';
}

export function toShortLanguage(language: string | undefined): ShortLanguage {
  return toServerLanguage(language) === 'IT' ? 'it' : 'en';
}

/** it-IT or en-US, for Intl formatting of dates and amounts. */
export function toLocale(language: string | undefined): 'it-IT' | 'en-US' {
  return toServerLanguage(language) === 'IT' ? 'it-IT' : 'en-US';
}

/** Reads an Accept-Language header value (IT, EN, it-IT, en;q=0.8 ...) into a server language. */
export function parseServerLanguage(header: string | undefined): ServerLanguage {
  const first = header?.split(',')[0]?.trim();
  return toServerLanguage(first || 'EN');
}
