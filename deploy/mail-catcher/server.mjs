// The mail catcher of `npm start` and of the tests: an SMTP server on 127.0.0.1 that accepts every mail and keeps
// it in memory, and an inbox on 127.0.0.1 to read them (an HTML page for people, JSON for tests). Nothing leaves the
// machine, so a developer can sign up with any address and still read the activation mail.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { renderInbox } from './inbox-page.mjs';

const HOST = '127.0.0.1';
/** Old mails go first beyond this: the catcher runs for days on a developer machine. */
const MAX_MESSAGES = 500;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

function addressesOf(field) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).filter(Boolean);
}

/** What the inbox keeps of a mail: the parsed headers and bodies, and the envelope the SMTP client gave. */
function toMessage(parsed, session, id) {
  const headerTo = addressesOf(parsed.to);
  return {
    id,
    from: parsed.from?.text ?? session.envelope.mailFrom?.address ?? '',
    // The header's addresses when present; a mail sent with Bcc only has just its envelope.
    to: (headerTo.length > 0 ? headerTo : session.envelope.rcptTo.map((rcpt) => rcpt.address)).join(', '),
    recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    language: parsed.headers.get('content-language') ?? null,
    date: (parsed.date ?? new Date()).toISOString(),
  };
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

/**
 * Starts the catcher. Port 0 picks a free port (tests); the returned URLs carry the real ones.
 * @param {{ smtpPort?: number, httpPort?: number }} [options]
 */
export async function startMailCatcher({ smtpPort = 1025, httpPort = 8025 } = {}) {
  /** Oldest first; the page and the JSON list them newest first. */
  const stored = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    // Development only: no login, no TLS (a self-signed STARTTLS offer would make clients fail), any sender.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Varco mail catcher',
    logger: false,
    // A client that hangs up badly must not keep close() waiting for the default 30 s.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          stored.push(toMessage(parsed, session, nextId++));
          if (stored.length > MAX_MESSAGES) stored.splice(0, stored.length - MAX_MESSAGES);
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  // A broken client connection must not stop the catcher.
  smtp.on('error', () => undefined);

  const messages = () => [...stored].reverse();

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (url.pathname === '/api/messages') {
      if (req.method === 'GET') return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(messages()));
      if (req.method === 'DELETE') {
        stored.length = 0;
        return send(res, 204, 'text/plain; charset=utf-8', '');
      }
      return send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed', { Allow: 'GET, DELETE' });
    }
    // The page's "clear" button: HTML forms cannot send DELETE.
    if (url.pathname === '/clear' && req.method === 'POST') {
      stored.length = 0;
      return send(res, 303, 'text/plain; charset=utf-8', '', { Location: `/${url.search}` });
    }
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      const language = url.searchParams.get('lng') === 'it' ? 'it' : 'en';
      return send(res, 200, 'text/html; charset=utf-8', renderInbox(messages(), language), {
        // No script anywhere; a mail's HTML sits in a sandboxed frame and cannot reach this page.
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; frame-src 'self'; form-action 'self'; base-uri 'none'",
      });
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'Not Found');
  });

  const actualSmtpPort = await listen(smtp.server, smtpPort);
  let actualHttpPort;
  try {
    actualHttpPort = await listen(http, httpPort);
  } catch (error) {
    await new Promise((resolve) => smtp.close(resolve));
    throw error;
  }

  return {
    smtpUrl: `smtp://${HOST}:${actualSmtpPort}`,
    inboxUrl: `http://${HOST}:${actualHttpPort}`,
    smtpPort: actualSmtpPort,
    httpPort: actualHttpPort,
    messages,
    clear: () => {
      stored.length = 0;
    },
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => {
          http.close(resolve);
          http.closeAllConnections();
        }),
      ]).then(() => undefined),
  };
}
