import { readFileSync } from 'node:fs';
import { PRODUCTION, PRODUCTION_FILE, renderNginxConfig } from './render.mjs';

describe('nginx configuration rendered from varco.conf.template', () => {
  const production = renderNginxConfig(PRODUCTION);

  it('varco.conf is the production rendering (run `node deploy/nginx/render.mjs` after changing the template)', () => {
    expect(readFileSync(PRODUCTION_FILE, 'utf8')).toBe(production);
  });

  it('production: https with HTTP/2 on both origins, HSTS, brotli, the redirect from port 80, the CDN in the CSP', () => {
    expect(production).toContain('    server 127.0.0.1:3000;\n    server 127.0.0.1:3001;\n');
    expect(production.match(/listen 443 ssl http2;/g)).toHaveLength(2);
    expect(production).toContain('ssl_certificate     /etc/ssl/varco/fullchain.pem;');
    expect(production).toContain('Strict-Transport-Security');
    expect(production).toContain('brotli_static on;');
    expect(production).toContain('return 301 https://$host$request_uri;');
    expect(production).toContain("script-src 'self' https://cdn.varco.example;");
    expect(production).toContain('Access-Control-Allow-Origin "https://www.varco.example"');
    expect(production).toContain('root /srv/varco/cdn/shell;');
    expect(production).toContain('try_files /pages/$varco_language/$varco_page.html @shell_frame;');
    expect(production).not.toContain('X-Served-By');
    expect(production).not.toMatch(/\{\{|\}\}/);
  });

  it('tests: plain http on localhost ports, no TLS, no brotli, the instance named in X-Served-By', () => {
    const local = renderNginxConfig({
      upstreams: ['127.0.0.1:4600', '127.0.0.1:4606'],
      portal: { name: 'localhost', listen: '127.0.0.1:4601' },
      cdn: { name: 'localhost', listen: '127.0.0.1:4602' },
      root: '/tmp/cdn',
      configRoot: '/tmp/runtime',
      servedBy: true,
    });
    expect(local).toContain('listen 127.0.0.1:4601;');
    expect(local).toContain('listen 127.0.0.1:4602;');
    expect(local).toContain('    server 127.0.0.1:4600;\n    server 127.0.0.1:4606;\n');
    expect(local).not.toMatch(/ssl|Strict-Transport-Security|brotli|listen 80;/);
    expect(local).toContain("connect-src 'self' http://localhost:4602;");
    expect(local).toContain('Access-Control-Allow-Origin "http://localhost:4601"');
    expect(local).toContain('root /tmp/runtime;');
    expect(local).toContain('add_header X-Served-By $upstream_addr always;');
  });

  it('refuses a template value it was not given', () => {
    expect(() => renderNginxConfig(PRODUCTION, 'listen {{NOWHERE}};')).toThrow('No value for {{NOWHERE}}');
  });
});
