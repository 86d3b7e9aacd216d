import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAIL_TEMPLATE_NAMES, recipientName, renderMail } from './templates';

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
    assert.match(italian.html, /<html lang="it">/);
    assert.match(english.html, /<html lang="en">/);
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
      assert.notEqual(italian.subject, english.subject, name);
      assert.match(italian.text, /Varco — il portale tax-free per i viaggiatori/);
      assert.match(english.text, /Varco — the tax-free portal for travelers/);
    }
  });
});
