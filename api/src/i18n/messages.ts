import { SERVER_LANGUAGES, type AccountRuleCode, type ServerLanguage } from '@varco/contracts';
import commonAr from '@varco/i18n/locales/ar.json';
import commonDe from '@varco/i18n/locales/de.json';
import commonEn from '@varco/i18n/locales/en.json';
import commonEs from '@varco/i18n/locales/es.json';
import commonFr from '@varco/i18n/locales/fr.json';
import commonIt from '@varco/i18n/locales/it.json';
import commonJa from '@varco/i18n/locales/ja.json';
import commonKo from '@varco/i18n/locales/ko.json';
import commonPtBr from '@varco/i18n/locales/pt-BR.json';
import commonRu from '@varco/i18n/locales/ru.json';
import commonTr from '@varco/i18n/locales/tr.json';
import commonZhHans from '@varco/i18n/locales/zh-Hans.json';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import ptBr from './locales/pt-BR.json';
import ru from './locales/ru.json';
import tr from './locales/tr.json';
import zhHans from './locales/zh-Hans.json';
import { byServerLanguage, chooseForm, fill, gatherPlurals, type Text, type WithoutPlural } from './texts';

/** The account rules' words in each language: the common texts' `accountRule` section, which the forms show on blur. */
const RULE_TEXTS: Readonly<Record<ServerLanguage, { accountRule: Readonly<Record<AccountRuleCode, string>> }>> =
  byServerLanguage({
    ar: commonAr,
    de: commonDe,
    en: commonEn,
    es: commonEs,
    fr: commonFr,
    it: commonIt,
    ja: commonJa,
    ko: commonKo,
    'pt-BR': commonPtBr,
    ru: commonRu,
    tr: commonTr,
    'zh-Hans': commonZhHans,
  });

/** The messages of the account forms' field rules, the very texts the forms show (i18next's `{{min}}` as `{min}`). */
const accountRules = (language: ServerLanguage) => {
  const texts = Object.fromEntries(
    Object.entries(RULE_TEXTS[language].accountRule).map(([code, text]) => [
      code,
      text.replace(/\{\{(\w+)\}\}/g, '{$1}'),
    ]),
  ) as Record<AccountRuleCode, string>;
  return {
    'account.empty': texts.empty,
    'account.minLength': texts.minLength,
    'account.maxLength': texts.maxLength,
    'account.email': texts.email,
    'account.passwordRules': texts.passwordRules,
    'account.date': texts.date,
    'account.dateTooEarly': texts.dateTooEarly,
    'account.dateNotPast': texts.dateNotPast,
    'account.mustAccept': texts.mustAccept,
    'account.differentPassword': texts.differentPassword,
    'account.differentEmail': texts.differentEmail,
    'account.controlCharacter': texts.controlCharacter,
    'account.incompleteCharacter': texts.incompleteCharacter,
    // The generic field messages whose rule is also an account rule: its words, so that a rule reads the same
    // wherever it is refused.
    'field.empty': texts.empty,
    'field.minLength': texts.minLength,
    'field.maxLength': texts.maxLength,
    'field.email': texts.email,
    'field.dateNotPast': texts.dateNotPast,
    'field.mustAccept': texts.mustAccept,
    // The rule of every text field (`text()` of @varco/contracts).
    'field.controlCharacter': texts.controlCharacter,
    'field.incompleteCharacter': texts.incompleteCharacter,
  } as const;
};

/**
 * The api's own texts (error details, field messages, states, risk reasons, notifications): one file per language in
 * `locales/<short>.json`, imported here so that they are read once, when the api loads. English is the reference:
 * every other file has exactly its keys, placeholders and plural forms (messages.test.ts). The account rules' words
 * come from the common texts of `@varco/i18n`, so that a form and the api say the same.
 */
const FILES = byServerLanguage({ ar, de, en, es, fr, it, ja, ko, 'pt-BR': ptBr, ru, tr, 'zh-Hans': zhHans });

export type MessageKey = WithoutPlural<keyof typeof en> | keyof ReturnType<typeof accountRules>;

/** A language's texts over English's, so that a key a file might lack still reads in English rather than failing. */
const catalogueOf = (language: ServerLanguage) =>
  ({
    ...gatherPlurals(en),
    ...accountRules('EN'),
    ...gatherPlurals(FILES[language]),
    ...accountRules(language),
  }) as Readonly<Record<MessageKey, Text>>;

export const catalogues: Readonly<Record<ServerLanguage, Readonly<Record<MessageKey, Text>>>> = Object.fromEntries(
  SERVER_LANGUAGES.map((language) => [language, catalogueOf(language)]),
) as Record<ServerLanguage, Readonly<Record<MessageKey, Text>>>;

/** The value whose number chooses the form of a plural text: `count`, unless its callers give the number another name. */
const COUNTED_BY: Partial<Record<MessageKey, string>> = {
  'limits.signInLocked': 'minutes',
  'limits.accountMails': 'minutes',
  'risk.oldPurchase': 'days',
};

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The text of `key` in `language`, in the plural form its number asks for, with `{name}` placeholders replaced; an
 * unknown placeholder stays visible.
 */
export function translate(language: ServerLanguage, key: MessageKey, params: MessageParams = {}): string {
  const text = chooseForm(language, catalogues[language][key], Number(params[COUNTED_BY[key] ?? 'count']));
  return fill(text, params);
}

/** Whether `value` is a key of the catalogue (a key built from a stored code, such as a claim's decline reason). */
export const isMessageKey = (value: string): value is MessageKey => value in catalogues.EN;
