import type { ServerLanguage } from '@varco/contracts';

/**
 * The mails the api sends, in Italian and English. Each template is a list of blocks (paragraphs, a link, a code)
 * that one layout renders twice: as plain text, the part every client can read, and as simple HTML with every value
 * escaped. Texts live here rather than in `i18n/messages.ts` because a mail is a document, not an error message.
 */

/** The parameters of each template. Links are absolute http(s) URLs built by the caller from PUBLIC_BASE_URL. */
export interface MailTemplateParams {
  activation: { link: string };
  otp: { code: string; validityMinutes: number };
  /** `passkeys`: how many the account has; a reset does not remove them, so the mail says so when there are any. */
  'password-reset': { link: string; passkeys: number };
  /** A notification (modules/notifications): its message, already in the mail's language, and the portal's list. */
  notification: { message: string; link: string };
}

export type MailTemplateName = keyof MailTemplateParams;

export const MAIL_TEMPLATE_NAMES = [
  'activation',
  'otp',
  'password-reset',
  'notification',
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

/** The opening line: the traveler by name when it is known, a neutral greeting only when it is not. */
function greeting(language: ServerLanguage, name: string | null): string {
  if (language === 'IT') return name ? `Gentile ${name},` : 'Gentile viaggiatore,';
  return name ? `Dear ${name},` : 'Dear traveler,';
}

const SIGNATURE: Record<ServerLanguage, string> = {
  IT: 'Varco — il portale tax-free per i viaggiatori',
  EN: 'Varco — the tax-free portal for travelers',
};

const AUTOMATIC: Record<ServerLanguage, string> = {
  IT: 'Questa e-mail è stata inviata automaticamente: non rispondere.',
  EN: 'This e-mail was sent automatically: please do not reply.',
};

const minutes = (language: ServerLanguage, count: number) =>
  language === 'IT' ? (count === 1 ? '1 minuto' : `${count} minuti`) : count === 1 ? '1 minute' : `${count} minutes`;

type TemplateTexts<P> = Record<ServerLanguage, (params: P) => MailContent>;

const TEMPLATES: { [N in MailTemplateName]: TemplateTexts<MailTemplateParams[N]> } = {
  activation: {
    IT: ({ link }) => ({
      subject: 'Attiva il tuo account Varco',
      blocks: [
        paragraph('grazie per esserti registrato su Varco. Per attivare il tuo account apri questo collegamento:'),
        { kind: 'link', label: 'Attiva il mio account', url: link },
        paragraph(
          'Se non ti sei registrato tu, ignora questa e-mail: senza attivazione l’account non sarà utilizzabile.',
        ),
      ],
    }),
    EN: ({ link }) => ({
      subject: 'Activate your Varco account',
      blocks: [
        paragraph('thank you for signing up to Varco. To activate your account, open this link:'),
        { kind: 'link', label: 'Activate my account', url: link },
        paragraph('If you did not sign up, ignore this e-mail: without activation the account cannot be used.'),
      ],
    }),
  },
  otp: {
    IT: ({ code, validityMinutes }) => ({
      subject: 'Il tuo codice di accesso a Varco',
      blocks: [
        paragraph('questo è il codice per completare l’accesso a Varco:'),
        { kind: 'code', code },
        paragraph(`Il codice vale ${minutes('IT', validityMinutes)} e si può usare una sola volta.`),
        paragraph('Se non stai accedendo tu, qualcuno conosce la tua password: cambiala al più presto.'),
      ],
    }),
    EN: ({ code, validityMinutes }) => ({
      subject: 'Your Varco sign-in code',
      blocks: [
        paragraph('this is the code to complete your sign-in to Varco:'),
        { kind: 'code', code },
        paragraph(`The code is valid for ${minutes('EN', validityMinutes)} and can be used once.`),
        paragraph('If you are not signing in, someone knows your password: change it as soon as possible.'),
      ],
    }),
  },
  'password-reset': {
    IT: ({ link, passkeys }) => ({
      subject: 'Reimposta la tua password di Varco',
      blocks: [
        paragraph(
          'abbiamo ricevuto una richiesta di reimpostare la password del tuo account Varco. Per sceglierne una nuova apri questo collegamento:',
        ),
        { kind: 'link', label: 'Reimposta la password', url: link },
        ...(passkeys > 0
          ? [
              paragraph(
                passkeys === 1
                  ? 'Il tuo account ha 1 passkey: la nuova password non la rimuove. Se non la riconosci, rimuovila dal tuo profilo.'
                  : `Il tuo account ha ${passkeys} passkey: la nuova password non le rimuove. Se non le riconosci tutte, rimuovi dal tuo profilo quelle sconosciute.`,
              ),
            ]
          : []),
        paragraph('Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta quella di prima.'),
      ],
    }),
    EN: ({ link, passkeys }) => ({
      subject: 'Reset your Varco password',
      blocks: [
        paragraph(
          'we received a request to reset the password of your Varco account. To choose a new one, open this link:',
        ),
        { kind: 'link', label: 'Reset my password', url: link },
        ...(passkeys > 0
          ? [
              paragraph(
                passkeys === 1
                  ? 'Your account has 1 passkey: a new password does not remove it. If you do not recognise it, remove it from your profile.'
                  : `Your account has ${passkeys} passkeys: a new password does not remove them. If you do not recognise them all, remove the unknown ones from your profile.`,
              ),
            ]
          : []),
        paragraph('If you did not ask for this, ignore this e-mail: your password stays as it was.'),
      ],
    }),
  },
  notification: {
    IT: ({ message, link }) => ({
      subject: 'Una nuova notifica da Varco',
      blocks: [
        paragraph(message),
        { kind: 'link', label: 'Apri le notifiche', url: link },
        paragraph('Trovi questa e le altre notifiche nella tua area di Varco.'),
      ],
    }),
    EN: ({ message, link }) => ({
      subject: 'A new notification from Varco',
      blocks: [
        paragraph(message),
        { kind: 'link', label: 'Open your notifications', url: link },
        paragraph('You find this and your other notifications in your Varco area.'),
      ],
    }),
  },
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

function renderText(content: MailContent, opening: string, language: ServerLanguage): string {
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
  return [opening, ...blocks, `-- \n${SIGNATURE[language]}\n${AUTOMATIC[language]}`].join('\n\n') + '\n';
}

function renderHtml(content: MailContent, opening: string, language: ServerLanguage): string {
  const blocks = content.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      case 'link': {
        const url = escapeHtml(checkedLink(block.url));
        // A button, and the address written out below it for clients that hide links.
        return (
          `<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#0066cc;color:#ffffff;` +
          `text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(block.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#0066cc">${url}</a></p>`
        );
      }
      case 'code':
        return `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(block.code)}</p>`;
    }
  });
  return [
    '<!doctype html>',
    `<html lang="${language === 'IT' ? 'it' : 'en'}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:4px">',
    `<p style="margin:0 0 16px">${escapeHtml(opening)}</p>`,
    ...blocks,
    `<hr style="border:0;border-top:1px solid #dddddd;margin:24px 0 16px">`,
    `<p style="margin:0;font-size:13px;color:#555555">${escapeHtml(SIGNATURE[language])}<br>${escapeHtml(AUTOMATIC[language])}</p>`,
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
  const texts: TemplateTexts<MailTemplateParams[N]> = TEMPLATES[template];
  const content = texts[language](params);
  const opening = greeting(language, name);
  return {
    subject: content.subject,
    text: renderText(content, opening, language),
    html: renderHtml(content, opening, language),
  };
}
