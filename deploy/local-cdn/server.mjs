// The local CDN of `npm start` and of the e2e tests: the shell and each remote on an origin (port) of its own,
// with the cache headers and CORS a real CDN gives, and the /api path of the shell's origin passed to the api as
// the production web server does. One origin can be stopped alone, to see the portal survive a dead remote.
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { REMOTES, SHELL, remotePath } from '../apps.mjs';
import { cacheControlFor } from './cache-policy.mjs';
import { PAGE_VARY, choosePage } from './page-choice.mjs';
import { CDN_ROOT } from '../scripts/assemble.mjs';

/** The agency's published addresses, as the shell's build carries them: the local configuration's `links`. */
export const DEFAULT_LINKS = createRequire(import.meta.url)('@varco/federation-contract/agency-links.json');

// Answers that are a page chosen for the request (page-choice.mjs): sirv sets Vary to Accept-Encoding just before
// setHeaders, so the page's own Vary is added back there.
const pageAnswers = new WeakSet();

function staticFiles(folder, { cors }) {
  return sirv(folder, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (pageAnswers.has(res)) res.setHeader('Vary', `Accept-Encoding, ${PAGE_VARY}`);
    },
  });
}

/** A page address: the prerendered page chosen for the request, or index.html when the build has none. */
function servePage(files, folder, req, res, url) {
  const { language, file } = choosePage({
    pathname: url.pathname,
    lng: url.searchParams.get('lng'),
    cookie: req.headers.cookie,
    acceptLanguage: req.headers['accept-language'],
  });
  pageAnswers.add(res);
  res.setHeader('Vary', PAGE_VARY);
  if (existsSync(join(folder, file))) {
    res.setHeader('Content-Language', language);
    req.url = file;
  } else req.url = '/index.html';
  return files(req, res, () => notFound(res));
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Not Found');
}

/** Passes a request to the api unchanged, as `location /api/ { proxy_pass ... }` does. */
function proxyTo(apiUrl, req, res) {
  const target = new URL(req.url, apiUrl);
  const upstream = httpRequest(
    target,
    {
      method: req.method,
      headers: {
        ...req.headers,
        host: target.host,
        'x-forwarded-for': req.socket.remoteAddress ?? '',
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Bad Gateway');
  });
  req.pipe(upstream);
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function close(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/**
 * @param {object} options
 * @param {string} [options.root] the assembled CDN folder
 * @param {string} [options.hostname] the name browsers use for this machine
 * @param {number} [options.shellPort] the shell's port; 0 lets the system choose a free one (and free ones for the
 *   remotes)
 * @param {boolean} [options.freeRemotePorts] remotes on free ports the system chooses, instead of the four after the
 *   shell's (+1 .. +4): two portals on one machine then never fight over them
 * @param {string} options.apiUrl where /api goes
 */
export async function startCdn({
  root = CDN_ROOT,
  hostname = 'localhost',
  bind = '127.0.0.1',
  shellPort = SHELL.port,
  freeRemotePorts = shellPort === 0,
  apiUrl,
  links = DEFAULT_LINKS,
}) {
  const shellFolder = join(root, SHELL.folder);
  if (!existsSync(join(shellFolder, 'index.html')))
    throw new Error(`No shell build in ${shellFolder}: run npm run build`);
  const originOf = (server) => `http://${hostname}:${server.address().port}`;
  const origins = {};
  // Filled once every origin listens: the remotes' addresses are known only then when the system chooses their ports.
  const config = { environment: 'local', apiBaseUrl: '/api', remotes: {}, links };

  const shellFiles = staticFiles(shellFolder, { cors: false });
  const shellServer = createServer((req, res) => {
    const url = new URL(req.url, origins.shell);
    const { pathname } = url;
    if (pathname === '/api' || pathname.startsWith('/api/')) return proxyTo(apiUrl, req, res);
    if (pathname === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      return res.end(JSON.stringify(config));
    }
    // A file is served as it is (a missing one is a 404); any other address is a page.
    if (/\.[a-z0-9]+$/i.test(pathname)) return shellFiles(req, res, () => notFound(res));
    return servePage(shellFiles, shellFolder, req, res, url);
  });

  const servers = { shell: await listen(shellServer, shellPort, bind) };
  origins.shell = originOf(servers.shell);
  for (const [index, remote] of REMOTES.entries()) {
    // The remote's origin serves its own folder of the tree: /<folder>/<version>/...
    const files = staticFiles(root, { cors: true });
    const server = createServer((req, res) => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        });
        return res.end();
      }
      if (!req.url.startsWith(`/${remote.folder}/`)) return notFound(res);
      return files(req, res, () => notFound(res));
    });
    servers[remote.name] = await listen(server, freeRemotePorts ? 0 : servers.shell.address().port + index + 1, bind);
    origins[remote.name] = originOf(servers[remote.name]);
    config.remotes[remote.name] = `${origins[remote.name]}${remotePath(remote)}/mf-manifest.json`;
  }

  return {
    origins,
    config,
    url: origins.shell,
    /** Stops one origin (a remote's CDN going down) while the rest keep serving. */
    stop: (name) => close(servers[name]),
    close: () => Promise.all(Object.values(servers).map(close)),
  };
}
