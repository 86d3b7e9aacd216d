import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRuntimeConfig } from '@varco/federation-contract';
import { cacheControlFor } from './local-cdn/cache-policy.mjs';

const folder = join(__dirname, 'environments');
const files = [
  ...readdirSync(folder).map((file) => join(folder, file)),
  join(__dirname, '..', 'shell', 'public', 'config.json'),
];

describe('runtime configuration of every environment', () => {
  it.each(files)('%s is valid', (file) => {
    const result = parseRuntimeConfig(JSON.parse(readFileSync(file, 'utf8')));
    expect(result.success ? [] : result.issues).toEqual([]);
  });
});

describe('CDN cache policy', () => {
  it.each([
    ['/mf-visa/0.1.0/385.03c459fcb4.js', 'public, max-age=31536000, immutable'],
    ['/577.bcb00097c0.css', 'public, max-age=31536000, immutable'],
    ['/assets/agency-logo.0123456789.svg', 'public, max-age=31536000, immutable'],
    ['/mf-visa/0.1.0/remoteEntry.js', 'no-cache'],
    ['/mf-visa/0.1.0/mf-manifest.json', 'no-cache'],
    ['/main.js', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/config.json', 'no-cache'],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
