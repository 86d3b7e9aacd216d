// A local test OpenID Connect provider standing in for the national digital identity (SPID) on a developer machine
// and in the tests: oidc-provider with one confidential client (the api), PKCE required, a handful of test
// identities chosen on a bilingual (IT/EN) page, and RP-initiated logout. Never for production.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { DEFAULT_CLIENT, TEST_IDENTITIES } from './identities.mjs';

export { DEFAULT_CLIENT, TEST_IDENTITIES };

const TEXTS = {
  en: {
    title: 'Test digital identity provider',
    lead: (client) => `${client} asks to sign you in. Pick a test identity:`,
    consent: 'I agree to share my name, surname, birth date, e-mail and fiscal code',
    submit: 'Sign in and share',
    cancel: 'Cancel',
    other: 'Italiano',
    otherLang: 'it',
    loggingOut: 'Signing out…',
    loggedOut: 'You are signed out of the test identity provider.',
    continue: 'Continue',
  },
  it: {
    title: 'Gestore di identità digitale di prova',
    lead: (client) => `${client} chiede di farti accedere. Scegli un'identità di prova:`,
    consent: 'Acconsento a condividere nome, cognome, data di nascita, e-mail e codice fiscale',
    submit: 'Entra e condividi',
    cancel: 'Annulla',
    other: 'English',
    otherLang: 'en',
    loggingOut: 'Uscita in corso…',
    loggedOut: 'Sei uscito dal gestore di identità di prova.',
    continue: 'Continua',
  },
};

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );

/** `?lng=it|en`, else the first of Accept-Language, else English. */
function languageOf(url, acceptLanguage = '') {
  const asked = url.searchParams.get('lng');
  if (asked === 'it' || asked === 'en') return asked;
  return /^\s*it\b/i.test(acceptLanguage) ? 'it' : 'en';
}

const page = (lang, title, body) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#17324d}fieldset{border:1px solid #ccd;padding:1rem}label{display:block;margin:.4rem 0}button{margin:1rem .5rem 0 0;padding:.5rem 1rem}</style>` +
  `</head><body><main>${body}</main></body></html>`;

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the provider.
 * @param {object} options
 * @param {number} [options.port] 0 (default) for a free port
 * @param {string} [options.host] where to listen (127.0.0.1); the issuer is http://<host>:<port>
 * @param {string[]} options.redirectUris the api callback(s), as the browser sees them
 * @param {string[]} [options.postLogoutRedirectUris] where the provider may send the browser after a logout
 * @param {string} [options.clientId]
 * @param {string} [options.clientSecret]
 */
export async function startIdentityProvider({
  port = 0,
  host = '127.0.0.1',
  redirectUris,
  postLogoutRedirectUris = [],
  clientId = DEFAULT_CLIENT.clientId,
  clientSecret = DEFAULT_CLIENT.clientSecret,
  identities = TEST_IDENTITIES,
} = {}) {
  if (!Array.isArray(redirectUris) || redirectUris.length === 0)
    throw new Error('startIdentityProvider: redirectUris is required');
  let handler = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const issuer = `http://${host}:${server.address().port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'local-test', use: 'sig', alg: 'RS256' };
  const byId = new Map(identities.map((identity) => [identity.sub, identity]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Varco',
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Short lives, fine for a test provider (and no notices about defaults).
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'birthdate', 'fiscal_number'],
      email: ['email'],
    },
    // The claims of the asked scopes travel in the ID token too (as SPID's OpenID Connect profile allows).
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const identity = byId.get(sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: async () => ({ ...identity }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // No question asked: the portal has already decided to sign out; the form posts itself.
        async logoutSource(ctx, form) {
          const lang = languageOf(new URL(ctx.href), ctx.get('accept-language'));
          const text = TEXTS[lang];
          ctx.body = page(
            lang,
            text.title,
            `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.loggingOut)}</p>${form}` +
              `<noscript><button form="op.logoutForm" name="logout" value="yes">${escapeHtml(text.continue)}</button></noscript>` +
              `<script>(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();</script>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          const lang = languageOf(new URL(ctx.href), ctx.get('accept-language'));
          ctx.body = page(
            lang,
            TEXTS[lang].title,
            `<h1>${escapeHtml(TEXTS[lang].title)}</h1><p>${escapeHtml(TEXTS[lang].loggedOut)}</p>`,
          );
        },
      },
    },
  });
  // Loopback http in development: oidc-provider would otherwise insist on https behind a proxy.
  provider.proxy = false;
  const callback = provider.callback();

  async function interaction(req, res, url) {
    const uid = url.pathname.split('/')[2];
    const send = (status, html) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    };
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) return send(400, 'interaction mismatch');
      if (req.method === 'GET') {
        const lang = languageOf(url, req.headers['accept-language']);
        const text = TEXTS[lang];
        const client = await provider.Client.find(details.params.client_id);
        const options = identities
          .map(
            (identity, index) =>
              `<label><input type="radio" name="identity" value="${escapeHtml(identity.sub)}"${index === 0 ? ' checked' : ''}> ` +
              `${escapeHtml(identity.given_name)} ${escapeHtml(identity.family_name)} — ${escapeHtml(identity.fiscal_number)} (${escapeHtml(identity.email)})</label>`,
          )
          .join('');
        return send(
          200,
          page(
            lang,
            text.title,
            `<p><a href="?lng=${text.otherLang}" hreflang="${text.otherLang}">${text.other}</a></p><h1>${escapeHtml(text.title)}</h1>` +
              `<form method="post" action="/interaction/${escapeHtml(uid)}"><fieldset><legend>${escapeHtml(text.lead(client?.clientName ?? details.params.client_id))}</legend>${options}</fieldset>` +
              `<label><input type="checkbox" name="consent" value="yes" required> ${escapeHtml(text.consent)}</label>` +
              `<button type="submit" name="action" value="login">${escapeHtml(text.submit)}</button>` +
              `<button type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(text.cancel)}</button></form>`,
          ),
        );
      }
      if (req.method !== 'POST') return send(405, 'method not allowed');
      const form = await readForm(req);
      const identity = byId.get(form.get('identity') ?? '');
      if (form.get('action') === 'cancel' || !identity || form.get('consent') !== 'yes') {
        return await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'the user cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
      }
      const grant = new provider.Grant({ accountId: identity.sub, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      return await provider.interactionFinished(
        req,
        res,
        { login: { accountId: identity.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      return send(
        400,
        page('en', 'Error', `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`),
      );
    }
  }

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) return void interaction(req, res, url);
    return callback(req, res);
  };

  return {
    issuer,
    port: server.address().port,
    clientId,
    clientSecret,
    identities,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
