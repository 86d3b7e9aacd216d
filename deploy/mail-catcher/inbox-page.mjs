// The inbox page of the mail catcher: every caught mail, newest first, in Italian or English (`?lng=it`). Every value
// that comes from a mail is escaped; a mail's HTML is shown in a sandboxed frame with no scripts.

const TEXTS = {
  en: {
    title: 'Varco mail catcher',
    intro: 'Mails sent by the api on this machine. None of them left it.',
    empty: 'No mail yet.',
    count: (n) => (n === 1 ? '1 mail' : `${n} mails`),
    refresh: 'Refresh',
    clear: 'Delete all',
    to: 'To',
    from: 'From',
    date: 'Date',
    noSubject: '(no subject)',
    text: 'Text',
    html: 'HTML',
    htmlTitle: (subject) => `HTML body of "${subject}"`,
    switchTo: 'Italiano',
  },
  it: {
    title: 'Posta catturata di Varco',
    intro: "Le e-mail inviate dall'api su questa macchina. Nessuna è uscita da qui.",
    empty: 'Nessuna e-mail per ora.',
    count: (n) => (n === 1 ? '1 e-mail' : `${n} e-mail`),
    refresh: 'Aggiorna',
    clear: 'Elimina tutte',
    to: 'A',
    from: 'Da',
    date: 'Data',
    noSubject: '(senza oggetto)',
    text: 'Testo',
    html: 'HTML',
    htmlTitle: (subject) => `Corpo HTML di "${subject}"`,
    switchTo: 'English',
  },
};

export function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );
}

/** Escapes a plain text body and makes its http(s) links clickable (activation and reset links are in it). */
function linkify(text) {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`,
  );
}

function renderMessage(message, t, locale) {
  const subject = message.subject || t.noSubject;
  // Links in the frame open in a new tab: navigating inside a small frame helps nobody.
  const frameDocument = `<base target="_blank">${message.html}`;
  return `
  <article class="mail">
    <h2>${escapeHtml(subject)}</h2>
    <dl>
      <dt>${t.to}</dt><dd>${escapeHtml(message.to)}</dd>
      <dt>${t.from}</dt><dd>${escapeHtml(message.from)}</dd>
      <dt>${t.date}</dt><dd><time datetime="${escapeHtml(message.date)}">${escapeHtml(new Date(message.date).toLocaleString(locale))}</time></dd>
    </dl>
    <details open><summary>${t.text}</summary><pre>${linkify(message.text)}</pre></details>
    ${
      message.html
        ? `<details open><summary>${t.html}</summary><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(t.htmlTitle(subject))}" srcdoc="${escapeHtml(frameDocument)}"></iframe></details>`
        : ''
    }
  </article>`;
}

/** @param {Array<{to: string, from: string, subject: string, text: string, html: string, date: string}>} messages newest first */
export function renderInbox(messages, language) {
  const t = TEXTS[language] ?? TEXTS.en;
  const other = language === 'it' ? 'en' : 'it';
  const query = language === 'it' ? '?lng=it' : '';
  const locale = language === 'it' ? 'it-IT' : 'en-GB';
  return `<!doctype html>
<html lang="${language === 'it' ? 'it' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
  header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; justify-content: space-between; }
  .actions { display: flex; gap: 1rem; align-items: baseline; }
  .mail { border: 1px solid #ccc; border-radius: 4px; padding: 0 1rem 1rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f5f5f5; padding: 0.75rem; }
  iframe { width: 100%; height: 28rem; border: 1px solid #ccc; resize: vertical; background: #fff; }
  a { color: #0055a5; }
</style>
</head>
<body>
<header>
  <h1>${t.title}</h1>
  <nav class="actions">
    <a href="/${query}">${t.refresh}</a>
    <form method="post" action="/clear${query}"><button type="submit">${t.clear}</button></form>
    <a href="/${other === 'it' ? '?lng=it' : ''}" lang="${other}" hreflang="${other}">${t.switchTo}</a>
  </nav>
</header>
<main>
<p>${t.intro} ${t.count(messages.length)}.</p>
${messages.length === 0 ? `<p>${t.empty}</p>` : messages.map((message) => renderMessage(message, t, locale)).join('\n')}
</main>
</body>
</html>`;
}
