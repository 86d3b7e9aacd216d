// Renders varco.conf.template: production's varco.conf (checked in: `node deploy/nginx/render.mjs` rewrites it, a test
// checks it is up to date) and the browser tests' nginx (plain http on localhost, local.mjs) come from the same file.
//   {{NAME}}             a value (an error when the values do not name it)
//   {{#NAME}}...{{/NAME}} lines kept only when NAME is on (TLS, BROTLI, SERVED_BY)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const TEMPLATE_FILE = join(HERE, 'varco.conf.template');
export const PRODUCTION_FILE = join(HERE, 'varco.conf');

/** What production serves: www and cdn over TLS (HTTP/2) on 443, two api instances on the machine. */
export const PRODUCTION = {
  upstreams: ['127.0.0.1:3000', '127.0.0.1:3001'],
  portal: { name: 'www.varco.example', listen: '443 ssl http2' },
  cdn: { name: 'cdn.varco.example', listen: '443 ssl http2' },
  root: '/srv/varco/cdn',
  tls: { certificate: '/etc/ssl/varco/fullchain.pem', certificateKey: '/etc/ssl/varco/privkey.pem' },
  brotli: true,
};

/**
 * @param {object} values
 * @param {string[]} values.upstreams the api instances, host:port
 * @param {{ name: string, listen: string }} values.portal the shell's origin: its server name and nginx `listen`
 * @param {{ name: string, listen: string }} values.cdn the remotes' origin
 * @param {string} values.root the assembled CDN tree (the shell in root/shell)
 * @param {string} [values.configRoot] the folder of the runtime config.json; the shell's folder by default
 * @param {{ certificate: string, certificateKey: string }} [values.tls] https (and the redirect from port 80) when set
 * @param {boolean} [values.brotli] `brotli_static` (a module Debian's nginx lacks)
 * @param {boolean} [values.servedBy] an X-Served-By header naming the instance that answered (tests only)
 */
export function renderNginxConfig(values, template = readFileSync(TEMPLATE_FILE, 'utf8')) {
  const scheme = values.tls ? 'https' : 'http';
  const origin = ({ name, listen }) => {
    const port = /(?:^|:)(\d+)(?:\s|$)/.exec(listen)?.[1];
    const defaultPort = values.tls ? '443' : '80';
    return `${scheme}://${name}${port && port !== defaultPort ? `:${port}` : ''}`;
  };
  const sections = { TLS: Boolean(values.tls), BROTLI: Boolean(values.brotli), SERVED_BY: Boolean(values.servedBy) };
  const fields = {
    UPSTREAMS: values.upstreams.map((address) => `    server ${address};`).join('\n'),
    PORTAL_LISTEN: values.portal.listen,
    PORTAL_NAME: values.portal.name,
    PORTAL_ORIGIN: origin(values.portal),
    CDN_LISTEN: values.cdn.listen,
    CDN_NAME: values.cdn.name,
    CDN_ORIGIN: origin(values.cdn),
    ROOT: values.root,
    CONFIG_ROOT: values.configRoot ?? `${values.root}/shell`,
    TLS_CERTIFICATE: values.tls?.certificate,
    TLS_CERTIFICATE_KEY: values.tls?.certificateKey,
  };
  if (values.upstreams.length === 0) throw new Error('nginx needs at least one api instance');
  return template
    .replace(/^\{\{#(\w+)\}\}\n([\s\S]*?)^\{\{\/\1\}\}\n/gm, (_, name, body) => {
      if (!(name in sections)) throw new Error(`Unknown section {{#${name}}} in the nginx template`);
      return sections[name] ? body : '';
    })
    .replace(/\{\{(\w+)\}\}/g, (_, name) => {
      if (fields[name] === undefined) throw new Error(`No value for {{${name}}} in the nginx template`);
      return fields[name];
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PRODUCTION_FILE, renderNginxConfig(PRODUCTION));
  console.log(`Wrote ${PRODUCTION_FILE}`);
}
