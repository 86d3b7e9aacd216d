import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LANGUAGE_TABLE } from '@varco/contracts';
import { translationIssuesOfDir } from '@varco/i18n/checks';
import { escapeHtml, MAIL_TEMPLATE_NAMES, recipientName, renderMail, type MailTemplateName } from './templates';

const LINK = 'https://portal.example.org/activate?key=a1b2&lang=it';

describe('mail templates', () => {
  it('renders the activation mail in Italian and English, with the link in both parts', () => {
    const italian = renderMail('activation', 'IT', { link: LINK }, 'Mario Rossi');
    const english = renderMail('activation', 'EN', { link: LINK }, 'Mario Rossi');
    assert.equal(italian.subject, 'Attiva il tuo account Varco');
    assert.equal(english.subject, 'Activate your Varco account');
    assert.match(italian.text, /^Gentile Mario Rossi,\n/);
    assert.match(english.text, /^Dear Mario Rossi,\n/);
    for (const mail of [italian, english]) {
      assert.ok(mail.text.split('\n').includes(LINK), 'the link has a line of its own in the text');
      // `&` escaped in the attribute and in the text of the HTML.
      assert.ok(mail.html.includes('href="https://portal.example.org/activate?key=a1b2&amp;lang=it"'));
      assert.ok(!mail.html.includes('key=a1b2&lang'));
    }
    assert.match(italian.html, /<html lang="it" dir="ltr">/);
    assert.match(english.html, /<html lang="en" dir="ltr">/);
    assert.match(italian.html, />Attiva il mio account</);
    assert.match(english.html, />Activate my account</);
  });

  it('greets the traveler by name in every mail, and neutrally only when the name is not known', () => {
    const params = {
      link: LINK,
      code: '123456',
      validityMinutes: 5,
      message: 'Visa request VR-2026-K7M2Q9XD has been created.',
    };
    for (const name of MAIL_TEMPLATE_NAMES) {
      assert.match(renderMail(name, 'IT', params, 'Mario Rossi').text, /^Gentile Mario Rossi,\n/, name);
      assert.match(renderMail(name, 'EN', params, 'Mario Rossi').text, /^Dear Mario Rossi,\n/, name);
      assert.match(
        renderMail(name, 'EN', params, 'Mario Rossi').html,
        /<p style="margin:0 0 16px">Dear Mario Rossi,<\/p>/,
        name,
      );
      assert.match(renderMail(name, 'IT', params, null).text, /^Gentile viaggiatore,\n/, name);
      assert.match(renderMail(name, 'EN', params, null).text, /^Dear traveler,\n/, name);
    }
    // The name is the traveler's own text: escaped in the HTML.
    assert.ok(
      renderMail('otp', 'EN', params, "Zoë <b>O'Brien</b>").html.includes('Dear Zoë &lt;b&gt;O&#39;Brien&lt;/b&gt;,'),
    );
  });

  it('makes the greeted name from the first and last name, or none', () => {
    assert.equal(recipientName(' Mario ', 'Rossi '), 'Mario Rossi');
    assert.equal(recipientName('Cher', ''), 'Cher');
    assert.equal(recipientName(' ', null), null);
  });

  it('renders the OTP with its code and validity in each language', () => {
    const italian = renderMail('otp', 'IT', { code: '482915', validityMinutes: 5 }, 'Mario Rossi');
    const english = renderMail('otp', 'EN', { code: '482915', validityMinutes: 1 }, 'Mario Rossi');
    assert.equal(italian.subject, 'Il tuo codice di accesso a Varco');
    assert.equal(english.subject, 'Your Varco sign-in code');
    assert.match(italian.text, /482915/);
    assert.match(italian.text, /Il codice vale 5 minuti/);
    assert.match(english.text, /valid for 1 minute and/);
    assert.match(english.html, />482915</);
  });

  it('renders the password reset mail in each language', () => {
    assert.equal(
      renderMail('password-reset', 'IT', { link: LINK, passkeys: 0 }, 'Mario Rossi').subject,
      'Reimposta la tua password di Varco',
    );
    const english = renderMail('password-reset', 'EN', { link: LINK, passkeys: 0 }, 'Mario Rossi');
    assert.equal(english.subject, 'Reset your Varco password');
    assert.match(english.text, /your password stays as it was/);
    assert.doesNotMatch(english.text, /passkey/);
  });

  it('says in the password reset mail how many passkeys the account keeps', () => {
    assert.match(
      renderMail('password-reset', 'EN', { link: LINK, passkeys: 1 }, 'Mario Rossi').text,
      /Your account has 1 passkey: a new password does not remove it\./,
    );
    assert.match(
      renderMail('password-reset', 'EN', { link: LINK, passkeys: 3 }, 'Mario Rossi').text,
      /Your account has 3 passkeys: a new password does not remove them\./,
    );
    assert.match(
      renderMail('password-reset', 'IT', { link: LINK, passkeys: 1 }, 'Mario Rossi').text,
      /Il tuo account ha 1 passkey: la nuova password non la rimuove\./,
    );
    assert.match(
      renderMail('password-reset', 'IT', { link: LINK, passkeys: 2 }, 'Mario Rossi').html,
      /Il tuo account ha 2 passkey: la nuova password non le rimuove\./,
    );
  });

  it('renders a notification with its message and the link to the list', () => {
    const mail = renderMail(
      'notification',
      'IT',
      { message: 'La fattura <F-1> è ora nella tua area.', link: 'https://portal.example.org/protected/notifications' },
      'Mario Rossi',
    );
    assert.equal(mail.subject, 'Una nuova notifica da Varco');
    assert.ok(mail.text.includes('La fattura <F-1> è ora nella tua area.'));
    assert.ok(mail.text.split('\n').includes('https://portal.example.org/protected/notifications'));
    assert.ok(mail.html.includes('La fattura &lt;F-1&gt; è ora nella tua area.'));
    assert.match(mail.html, />Apri le notifiche</);
  });

  it('escapes every value in the HTML and keeps the text part as given', () => {
    const mail = renderMail('otp', 'EN', { code: '<script>alert("x")</script>&', validityMinutes: 5 }, 'Mario Rossi');
    assert.ok(!mail.html.includes('<script>'));
    assert.ok(mail.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;'));
    assert.ok(mail.text.includes('<script>alert("x")</script>&'));
    const link = renderMail(
      'activation',
      'IT',
      { link: 'https://x.example.org/a?b="><img src=x onerror=alert(1)>' },
      'Mario Rossi',
    );
    assert.ok(!link.html.includes('"><img'));
  });

  it('refuses links that are not absolute http(s) URLs', () => {
    assert.throws(
      () => renderMail('activation', 'EN', { link: 'javascript:alert(1)' }, 'Mario Rossi'),
      /absolute http\(s\) URL/,
    );
    assert.throws(
      () => renderMail('password-reset', 'IT', { link: '/reset?key=1', passkeys: 0 }, 'Mario Rossi'),
      /absolute http\(s\) URL/,
    );
  });

  it('gives every template a distinct subject per language, and a signature', () => {
    for (const name of MAIL_TEMPLATE_NAMES) {
      const params = {
        link: LINK,
        passkeys: 0,
        code: '123456',
        validityMinutes: 5,
        message: 'Visa request VR-2026-K7M2Q9XD has been created.',
      };
      const italian = renderMail(name, 'IT', params, 'Mario Rossi');
      const english = renderMail(name, 'EN', params, 'Mario Rossi');
      assert.match(italian.text, /Varco — il portale tax-free per i viaggiatori/);
      assert.match(english.text, /Varco — the tax-free portal for travelers/);
      const subjects = LANGUAGE_TABLE.map(({ server }) => renderMail(name, server, params, 'Mario Rossi').subject);
      assert.equal(new Set(subjects).size, LANGUAGE_TABLE.length, name);
    }
  });
});

const CODE = '482915';
const MESSAGE = 'VR-2026-K7M2Q9XD';
const PARAMS = { link: LINK, passkeys: 2, code: CODE, validityMinutes: 5, message: MESSAGE };
const TEMPLATE_KEYS: Record<MailTemplateName, { prefix: string; paragraphs: string[]; counted?: [string, number] }> = {
  activation: { prefix: 'activation', paragraphs: ['intro', 'notYou'] },
  otp: { prefix: 'otp', paragraphs: ['intro', 'notYou'], counted: ['validity', PARAMS.validityMinutes] },
  'password-reset': {
    prefix: 'passwordReset',
    paragraphs: ['intro', 'notYou'],
    counted: ['passkeys', PARAMS.passkeys],
  },
  notification: { prefix: 'notification', paragraphs: ['where'] },
  'claim-received': { prefix: 'claimReceived', paragraphs: ['intro', 'why'] },
};
/** The templates whose mail carries a code rather than a link. */
const WITH_CODE: ReadonlySet<MailTemplateName> = new Set(['otp', 'claim-received']);

const filesDir = new URL('./locales/', import.meta.url);
const fileOf = (short: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${short}.json`, filesDir), 'utf8')) as Record<string, string>;

/** The text of `key` in a language's file, in the plural form of `count`. */
function fileText(file: Record<string, string>, locale: string, key: string, count?: number): string {
  const text = count === undefined ? file[key] : file[`${key}_${new Intl.PluralRules(locale).select(count)}`];
  assert.ok(text, key);
  return text.replace('{count}', String(count));
}

describe('mail templates in every language', () => {
  it('have the keys, placeholders and plural forms of the English texts in every language, and no English left', () => {
    assert.deepEqual(translationIssuesOfDir(new URL('./locales', import.meta.url).pathname), {});
  });

  it('render every template in every language: its subject, greeting, paragraphs, button and closing', () => {
    for (const { server, short, locale, dir } of LANGUAGE_TABLE) {
      const file = fileOf(short);
      for (const template of MAIL_TEMPLATE_NAMES) {
        const { prefix, paragraphs, counted } = TEMPLATE_KEYS[template];
        const mail = renderMail(template, server, PARAMS, 'Mario Rossi');
        const where = `${server} ${template}`;
        assert.equal(mail.subject, file[`${prefix}.subject`]!.replace('{code}', CODE), where);
        assert.ok(mail.text.startsWith(`${file.greeting!.replace('{name}', 'Mario Rossi')}\n`), where);
        for (const key of paragraphs) assert.ok(mail.text.includes(file[`${prefix}.${key}`]!), `${where} ${key}`);
        if (counted)
          assert.ok(mail.text.includes(fileText(file, locale, `${prefix}.${counted[0]}`, counted[1])), where);
        if (file[`${prefix}.button`])
          assert.ok(mail.html.includes(`>${escapeHtml(file[`${prefix}.button`]!)}</a>`), where);
        assert.ok(mail.text.includes(`${file.signature}\n${file.automatic}`), where);
        assert.ok(mail.html.includes(`<html lang="${short}" dir="${dir}">`), where);
        assert.ok(mail.html.includes(`<title>${escapeHtml(mail.subject)}</title>`), where);
        // The link and the code reach the mail whole, whatever the language.
        if (!WITH_CODE.has(template)) {
          assert.ok(mail.text.split('\n').includes(LINK), where);
          assert.ok(mail.html.includes('href="https://portal.example.org/activate?key=a1b2&amp;lang=it"'), where);
        } else {
          assert.ok(mail.text.includes(`    ${CODE}\n`), where);
          assert.ok(mail.html.includes(`>${CODE}</p>`), where);
        }
        for (const part of [mail.subject, mail.text, mail.html]) assert.doesNotMatch(part, /\{\w+\}/, where);
        assert.equal(renderMail(template, server, PARAMS, null).text.split('\n')[0], file.greetingNoName, where);
      }
    }
  });

  it('leave no English in a mail of another language, but the values it carries', () => {
    for (const template of MAIL_TEMPLATE_NAMES) {
      const carried = (line: string) =>
        line === '' || line === '-- ' || [LINK, CODE, MESSAGE].some((v) => line.includes(v));
      const english = renderMail(template, 'EN', PARAMS, null)
        .text.split('\n')
        .filter((line) => !carried(line));
      for (const { server } of LANGUAGE_TABLE.filter((entry) => entry.server !== 'EN')) {
        const lines = new Set(renderMail(template, server, PARAMS, null).text.split('\n'));
        for (const line of english) assert.ok(!lines.has(line), `${server} ${template}: ${line}`);
        // Italian says "account" and "password" too.
        const words = renderMail(template, server, PARAMS, null).text;
        for (const english of [
          ' the ',
          ' your ',
          'Dear ',
          'please',
          ...(server === 'IT' ? [] : ['account', 'password']),
        ])
          assert.ok(!words.includes(english), `${server} ${template}: ${english}`);
      }
    }
  });

  it('write Arabic right to left, right-aligned, with the link and the code left to right', () => {
    const mail = renderMail('otp', 'AR', { code: CODE, validityMinutes: 5 }, 'Mario Rossi');
    assert.match(mail.html, /<html lang="ar" dir="rtl">/);
    assert.match(mail.html, /<body style="[^"]*direction:rtl;text-align:right">/);
    assert.match(mail.html, /<div dir="rtl" style="[^"]*direction:rtl;text-align:right">/);
    assert.match(mail.html, new RegExp(`<p dir="ltr" style="[^"]*">${CODE}</p>`));
    assert.match(mail.text, /^السيد\/السيدة Mario Rossi،\n/);
    const reset = renderMail('password-reset', 'AR', { link: LINK, passkeys: 0 }, null);
    assert.match(reset.html, /<p dir="ltr" style="[^"]*"><a href="https:\/\/portal\.example\.org\/activate/);
    assert.doesNotMatch(renderMail('otp', 'FR', { code: CODE, validityMinutes: 5 }, null).html, /rtl/);
  });

  it('write the minutes and the passkeys in the plural form of each language', () => {
    const minutes = (language: 'RU' | 'AR' | 'JA' | 'FR' | 'DE', validityMinutes: number) =>
      renderMail('otp', language, { code: CODE, validityMinutes }, null).text;
    assert.match(minutes('RU', 1), /действителен 1 минуту /);
    assert.match(minutes('RU', 3), /действителен 3 минуты /);
    assert.match(minutes('RU', 5), /действителен 5 минут /);
    assert.match(minutes('AR', 1), /لمدة دقيقة واحدة /);
    assert.match(minutes('AR', 2), /لمدة دقيقتين /);
    assert.match(minutes('AR', 5), /لمدة 5 دقائق /);
    assert.match(minutes('AR', 15), /لمدة 15 دقيقة /);
    assert.match(minutes('JA', 5), /有効期間は5分間/);
    assert.match(minutes('FR', 1), /valable 1 minute et/);
    assert.match(minutes('DE', 5), /ist 5 Minuten gültig/);
    const passkeys = (language: 'RU' | 'AR' | 'ES', count: number) =>
      renderMail('password-reset', language, { link: LINK, passkeys: count }, null).text;
    assert.match(passkeys('RU', 1), /1 ключ доступа: новый пароль его не удаляет/);
    assert.match(passkeys('RU', 2), /2 ключа доступа: новый пароль их не удаляет/);
    assert.match(passkeys('RU', 5), /5 ключей доступа/);
    assert.match(passkeys('AR', 1), /مفتاح مرور واحد/);
    assert.match(passkeys('AR', 3), /3 مفاتيح مرور/);
    assert.match(passkeys('ES', 1), /1 llave de acceso: la nueva contraseña no la elimina/);
    assert.match(passkeys('ES', 4), /4 llaves de acceso: la nueva contraseña no las elimina/);
  });

  it("escape the traveler's name and the values in every language", () => {
    for (const { server } of LANGUAGE_TABLE) {
      const mail = renderMail('otp', server, { code: '<i>1</i>', validityMinutes: 5 }, "Zoë <b>O'Brien</b>");
      assert.ok(mail.html.includes('Zoë &lt;b&gt;O&#39;Brien&lt;/b&gt;'), server);
      assert.ok(mail.html.includes('&lt;i&gt;1&lt;/i&gt;'), server);
      assert.ok(!mail.html.includes('<b>') && !mail.html.includes('<i>'), server);
    }
  });
});
