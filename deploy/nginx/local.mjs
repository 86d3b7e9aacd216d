// nginx on this machine, unprivileged and on its own: the production configuration (render.mjs) rendered for plain http
// on localhost, in front of the api instances given, serving the assembled CDN tree. Used by the browser tests when
// they run two api instances. Its prefix (pid, logs, temporary files) is a temporary folder; nothing of the system's
// nginx (service, /etc/nginx/nginx.conf, /var/log/nginx) is used.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTES, remotePath } from '../apps.mjs';
import { DEFAULT_LINKS } from '../local-cdn/server.mjs';
import { CDN_ROOT } from '../scripts/assemble.mjs';
import { renderNginxConfig } from './render.mjs';

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The main file production takes from the system (Debian's /etc/nginx/nginx.conf), with every path in `prefix`. */
function mainConfig(prefix, site, workerConnections) {
  return `daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log off;
    client_body_temp_path ${prefix}/client-body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${site};
}
`;
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * @param {object} options
 * @param {string[]} options.upstreams the api instances, host:port
 * @param {number} options.portalPort the shell's origin (the portal, with /api)
 * @param {number} options.cdnPort the remotes' origin
 * @param {string} [options.hostname] the name browsers use for this machine
 * @param {string} [options.root] the assembled CDN tree
 * @param {boolean} [options.servedBy] name the instance that answered each api call in X-Served-By
 * @param {number} [options.workerConnections] connections nginx may hold at once, clients' and instances' together
 */
export async function startNginx({
  upstreams,
  portalPort,
  cdnPort,
  hostname = 'localhost',
  root = CDN_ROOT,
  servedBy = false,
  links = DEFAULT_LINKS,
  workerConnections = 512,
}) {
  const prefix = mkdtempSync(join(tmpdir(), 'varco-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must read the runtime configuration and own their temporary files.
  chmodSync(prefix, 0o755);
  const configRoot = join(prefix, 'public');
  mkdirSync(configRoot);
  const url = `http://${hostname}:${portalPort}`;
  const cdnUrl = `http://${hostname}:${cdnPort}`;
  const config = {
    environment: 'local',
    apiBaseUrl: '/api',
    remotes: Object.fromEntries(
      REMOTES.map((remote) => [remote.name, `${cdnUrl}${remotePath(remote)}/mf-manifest.json`]),
    ),
    links,
  };
  writeFileSync(join(configRoot, 'config.json'), JSON.stringify(config));
  const site = join(prefix, 'varco.conf');
  writeFileSync(
    site,
    renderNginxConfig({
      upstreams,
      portal: { name: hostname, listen: `127.0.0.1:${portalPort}` },
      cdn: { name: hostname, listen: `127.0.0.1:${cdnPort}` },
      root,
      configRoot,
      servedBy,
    }),
  );
  const main = join(prefix, 'nginx.conf');
  writeFileSync(main, mainConfig(prefix, site, workerConnections));

  const nginx = spawn(NGINX_BINARY, ['-p', prefix, '-c', main, '-e', join(prefix, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.once('error', () => {});
  const deadline = Date.now() + 15_000;
  while (!((await answers(portalPort)) && (await answers(cdnPort)))) {
    if (nginx.exitCode !== null || nginx.signalCode !== null || Date.now() > deadline) {
      nginx.kill('SIGKILL');
      throw new Error(
        `nginx did not start (${NGINX_BINARY}; run scripts/ensure-nginx.sh); see ${join(prefix, 'error.log')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    cdnUrl,
    config,
    /** Serves `next` as the runtime configuration from now on, as an operator uploads one. */
    writeConfig(next) {
      writeFileSync(join(configRoot, 'config.json'), JSON.stringify(next));
    },
    /** Stops nginx (a fast shutdown: the tests are over) and removes its folder. */
    async close() {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
