// The mail catcher's inbox as a client reads it (the browser tests, the benches): the caught mails, newest first, and
// the first new one that matches, waited for.

const POLL_MS = 100;

/** The caught mails, newest first. */
export async function caughtMails(inboxUrl) {
  const response = await fetch(`${inboxUrl}/api/messages`);
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  return response.json();
}

/** The id of the newest caught mail (0 when none): the mark after which a new mail is looked for. */
export async function lastMailId(inboxUrl) {
  return (await caughtMails(inboxUrl))[0]?.id ?? 0;
}

/** The newest mail to `to` caught after the mail `afterId` whose text matches `pattern`, waiting for it. */
export async function waitForMail(inboxUrl, { to, afterId, pattern, timeoutMs = 15_000 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await caughtMails(inboxUrl)).find(
      (item) => item.id > afterId && item.to.toLowerCase().includes(to.toLowerCase()) && pattern.test(item.text),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${String(pattern)} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const SIGN_IN_CODE = /\b(\d{6})\b/;

/** The code of the newest sign-in code mail to `email` caught after the mail `afterId`, waiting for it. */
export async function newestSignInCode(inboxUrl, email, afterId) {
  const mail = await waitForMail(inboxUrl, { to: email, afterId, pattern: SIGN_IN_CODE });
  return SIGN_IN_CODE.exec(mail.text)[1];
}
