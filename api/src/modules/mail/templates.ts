import { LANGUAGE_TABLE, SERVER_LANGUAGES, type ServerLanguage } from '@varco/contracts';
import {
  byServerLanguage,
  chooseForm,
  fill,
  gatherPlurals,
  type Text,
  type TextParams,
  type WithoutPlural,
} from '../../i18n/texts';
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

/**
 * The mails the api sends, in every interface language. Each template is a list of blocks (paragraphs, a link, a
 * code) that one layout renders twice: as plain text, the part every client can read, and as simple HTML with every
 * value escaped. Their words are in `locales/<short>.json`, apart from the api's messages (`i18n/messages.ts`)
 * because a mail is a document, not an error message; the files have the same form and pass the same checks.
 */

/** The parameters of each template. Links are absolute http(s) URLs built by the caller from PUBLIC_BASE_URL. */
export interface MailTemplateParams {
  activation: { link: string };
  otp: { code: string; validityMinutes: number };
  /** `passkeys`: how many the account has; a reset does not remove them, so the mail says so when there are any. */
  'password-reset': { link: string; passkeys: number };
  /** A notification (modules/notifications): its message, already in the mail's language, and the portal's list. */
  notification: { message: string; link: string };
  /** A traveler's claim to a merchant (modules/claims): nothing personal, only the claim's code. */
  'claim-received': { code: string };
}

export type MailTemplateName = keyof MailTemplateParams;

export const MAIL_TEMPLATE_NAMES = [
  'activation',
  'otp',
  'password-reset',
  'notification',
  'claim-received',
] as const satisfies readonly MailTemplateName[];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Block =
  { kind: 'paragraph'; text: string } | { kind: 'link'; label: string; url: string } | { kind: 'code'; code: string };

interface MailContent {
  subject: string;
  blocks: Block[];
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

/** The traveler's name as a mail greets them ("Mario Rossi"), or null when the account holds no name. */
export function recipientName(nome: string | null | undefined, cognome: string | null | undefined): string | null {
  const name = [nome, cognome]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name === '' ? null : name;
}

const FILES = byServerLanguage({ ar, de, en, es, fr, it, ja, ko, 'pt-BR': ptBr, ru, tr, 'zh-Hans': zhHans });

type MailKey = WithoutPlural<keyof typeof en>;

// Read once, when the api loads; a key a file might lack reads in English rather than failing a mail.
const TEXTS = Object.fromEntries(
  SERVER_LANGUAGES.map((language) => [language, { ...gatherPlurals(en), ...gatherPlurals(FILES[language]) }]),
) as Record<ServerLanguage, Readonly<Record<MailKey, Text>>>;

/** A language's words: `key` filled with `params`, a plural text in the form of `params.count`. */
const wordsOf =
  (language: ServerLanguage) =>
  (key: MailKey, params: TextParams = {}) =>
    fill(chooseForm(language, TEXTS[language][key], Number(params.count)), params);

type Words = ReturnType<typeof wordsOf>;

/** The opening line: the traveler by name when it is known, a neutral greeting only when it is not. */
const greeting = (words: Words, name: string | null) => (name ? words('greeting', { name }) : words('greetingNoName'));

const TEMPLATES: { [N in MailTemplateName]: (words: Words, params: MailTemplateParams[N]) => MailContent } = {
  activation: (words, { link }) => ({
    subject: words('activation.subject'),
    blocks: [
      paragraph(words('activation.intro')),
      { kind: 'link', label: words('activation.button'), url: link },
      paragraph(words('activation.notYou')),
    ],
  }),
  otp: (words, { code, validityMinutes }) => ({
    subject: words('otp.subject'),
    blocks: [
      paragraph(words('otp.intro')),
      { kind: 'code', code },
      paragraph(words('otp.validity', { count: validityMinutes })),
      paragraph(words('otp.notYou')),
    ],
  }),
  'password-reset': (words, { link, passkeys }) => ({
    subject: words('passwordReset.subject'),
    blocks: [
      paragraph(words('passwordReset.intro')),
      { kind: 'link', label: words('passwordReset.button'), url: link },
      ...(passkeys > 0 ? [paragraph(words('passwordReset.passkeys', { count: passkeys }))] : []),
      paragraph(words('passwordReset.notYou')),
    ],
  }),
  notification: (words, { message, link }) => ({
    subject: words('notification.subject'),
    blocks: [
      paragraph(message),
      { kind: 'link', label: words('notification.button'), url: link },
      paragraph(words('notification.where')),
    ],
  }),
  'claim-received': (words, { code }) => ({
    subject: words('claimReceived.subject', { code }),
    blocks: [
      paragraph(words('claimReceived.intro')),
      { kind: 'code', code },
      paragraph(words('claimReceived.how', { code })),
      paragraph(words('claimReceived.why')),
    ],
  }),
};

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** Only absolute http(s) links go into a mail: a `javascript:` or relative link would be a bug, or an attack. */
function checkedLink(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('A mail link must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error('A mail link must be an absolute http(s) URL');
  return parsed.href;
}

/** The words closing every mail: who sends it, and that no one reads the answers. */
const closing = (words: Words) => [words('signature'), words('automatic')] as const;

function renderText(content: MailContent, opening: string, words: Words): string {
  const blocks = content.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.text;
      case 'link':
        // The bare URL on a line of its own: text clients make it clickable and nothing breaks it.
        return checkedLink(block.url);
      case 'code':
        return `    ${block.code}`;
    }
  });
  return [opening, ...blocks, `-- \n${closing(words).join('\n')}`].join('\n\n') + '\n';
}

/** `<html lang>` and the writing direction of each language (`@varco/contracts`). */
const LAYOUT = new Map(LANGUAGE_TABLE.map((entry) => [entry.server, { lang: entry.short, dir: entry.dir }]));

function renderHtml(content: MailContent, opening: string, words: Words, language: ServerLanguage): string {
  const { lang, dir } = LAYOUT.get(language) ?? { lang: 'en', dir: 'ltr' };
  // Some clients drop the attributes of <html>: the direction is said again in the styles of the page.
  const direction = dir === 'rtl' ? ';direction:rtl;text-align:right' : '';
  const blocks = content.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      case 'link': {
        const url = escapeHtml(checkedLink(block.url));
        // A button, and the address written out below it for clients that hide links (an address reads left to right
        // in every language).
        return (
          `<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#0066cc;color:#ffffff;` +
          `text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(block.label)}</a></p>` +
          `<p dir="ltr" style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#0066cc">${url}</a></p>`
        );
      }
      case 'code':
        return `<p dir="ltr" style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(block.code)}</p>`;
    }
  });
  const [signature, automatic] = closing(words);
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a${direction}">`,
    `<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:4px${direction}">`,
    `<p style="margin:0 0 16px">${escapeHtml(opening)}</p>`,
    ...blocks,
    `<hr style="border:0;border-top:1px solid #dddddd;margin:24px 0 16px">`,
    `<p style="margin:0;font-size:13px;color:#555555">${escapeHtml(signature)}<br>${escapeHtml(automatic)}</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Renders `template` in `language` for the traveler named `name` (see recipientName; null when no name is known):
 * subject, plain text and HTML. Throws on a link that is not absolute http(s).
 */
export function renderMail<N extends MailTemplateName>(
  template: N,
  language: ServerLanguage,
  params: MailTemplateParams[N],
  name: string | null,
): RenderedMail {
  const words = wordsOf(language);
  const render = TEMPLATES[template] as (words: Words, params: MailTemplateParams[N]) => MailContent;
  const content = render(words, params);
  const opening = greeting(words, name);
  return {
    subject: content.subject,
    text: renderText(content, opening, words),
    html: renderHtml(content, opening, words, language),
  };
}
