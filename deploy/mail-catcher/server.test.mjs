/**
 * @jest-environment node
 */
// Node's environment: the SMTP libraries need real Node timers (jsdom's have no unref()).
import nodemailer from 'nodemailer';
import { startMailCatcher } from './server.mjs';

let catcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
});

afterAll(() => catcher.close());

beforeEach(() => fetch(`${catcher.inboxUrl}/api/messages`, { method: 'DELETE' }));

function sendMail(mail) {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  return transport.sendMail({ from: 'Varco <no-reply@varco.localhost>', ...mail }).finally(() => transport.close());
}

describe('mail catcher', () => {
  it('accepts a mail over SMTP and lists it in /api/messages', async () => {
    await sendMail({
      to: 'traveler@example.com',
      subject: 'Attiva il tuo account',
      text: 'Apri http://localhost:8080/a?k=1',
      html: '<p>Ciao</p>',
    });
    const response = await fetch(`${catcher.inboxUrl}/api/messages`);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const [message, ...rest] = await response.json();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      to: 'traveler@example.com',
      subject: 'Attiva il tuo account',
      html: '<p>Ciao</p>',
    });
    expect(message.text.trim()).toBe('Apri http://localhost:8080/a?k=1');
    expect(Number.isNaN(Date.parse(message.date))).toBe(false);
  });

  it('lists the newest first and clears on DELETE', async () => {
    await sendMail({ to: 'a@example.com', subject: 'first', text: '1' });
    await sendMail({ to: 'b@example.com', subject: 'second', text: '2' });
    expect(catcher.messages().map((message) => message.subject)).toEqual(['second', 'first']);
    expect((await fetch(`${catcher.inboxUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${catcher.inboxUrl}/api/messages`)).json()).toEqual([]);
  });

  it('shows the mails on a page in English or Italian, escaped, with the HTML in a sandboxed frame', async () => {
    await sendMail({
      to: 'c@example.com',
      subject: '<b>Reset</b>',
      text: 'Link: http://localhost:8080/reset?key=x',
      html: '<p>Hi <a href="http://x.test">x</a></p>',
    });
    const english = await (await fetch(`${catcher.inboxUrl}/`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Varco mail catcher');
    expect(english).toContain('&lt;b&gt;Reset&lt;/b&gt;');
    expect(english).not.toContain('<b>Reset</b>');
    expect(english).toContain('<a href="http://localhost:8080/reset?key=x" target="_blank" rel="noopener noreferrer">');
    expect(english).toMatch(
      /<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;Hi/,
    );
    const italian = await (await fetch(`${catcher.inboxUrl}/?lng=it`)).text();
    expect(italian).toContain('<html lang="it">');
    expect(italian).toContain('Posta catturata di Varco');
  });

  it('answers 404 elsewhere', async () => {
    expect((await fetch(`${catcher.inboxUrl}/missing`)).status).toBe(404);
  });
});
