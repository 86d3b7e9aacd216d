// A TCP relay between the api and the mail catcher that can hold back the SMTP server's answer to one mail: the
// catcher has the mail, the api waits for the "250" that says so. A test can then kill the api while that mail is
// being sent, for certain rather than by luck.
import { createConnection, createServer, type Socket } from 'node:net';

const HOST = '127.0.0.1';
/** The end of a mail's data (RFC 5321 4.1.1.4): what the answer to hold back follows. */
const END_OF_DATA = '\r\n.\r\n';

export interface SmtpGate {
  /** The api's SMTP_URL: the relay. */
  readonly smtpUrl: string;
  /**
   * Holds back the server's answer to the next mail sent to a recipient that `matches`, until the api's connection
   * ends. Resolves with that recipient once its data has gone through to the server.
   */
  holdNextAnswer(matches: (recipient: string) => boolean): Promise<string>;
  close(): Promise<void>;
}

/** Starts the relay on a free loopback port, towards the SMTP port that `target` names at each new connection. */
export async function startSmtpGate(target: () => number): Promise<SmtpGate> {
  const sockets = new Set<Socket>();
  let wanted: { matches: (recipient: string) => boolean; held: (recipient: string) => void } | undefined;

  const server = createServer((client) => {
    const upstream = createConnection(target(), HOST);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // Either end going away ends both: the api sees the failure of an SMTP server that went away.
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());

    let recipient: string | undefined;
    let tail = '';
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      tail = text.slice(-END_OF_DATA.length);
      recipient = /RCPT TO:\s*<([^>]*)>/i.exec(text)?.[1] ?? recipient;
      upstream.write(chunk);
      if (!holding && wanted && recipient !== undefined && wanted.matches(recipient) && text.includes(END_OF_DATA)) {
        holding = true;
        const { held } = wanted;
        const heldRecipient = recipient;
        wanted = undefined;
        // Once sent on to the server, the api waits for an answer that never reaches it.
        if (upstream.writableLength === 0) held(heldRecipient);
        else upstream.once('drain', () => held(heldRecipient));
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the SMTP relay has no port');

  return {
    smtpUrl: `smtp://${HOST}:${address.port}`,
    holdNextAnswer: (matches) => new Promise((held) => (wanted = { matches, held })),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
