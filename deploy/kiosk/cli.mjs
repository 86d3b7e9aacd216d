#!/usr/bin/env node
// The exit point kiosk on the command line (a stand-in for the kiosk's screen and scanner, and a tool for officers):
//   npm run kiosk -- scan <token | path/to/qr.png>       verify offline, then POST /exit-point/scan
//   npm run kiosk -- show <visaRequestId>               (officer) the request, its light and reasons
//   npm run kiosk -- decide <visaRequestId> <refundId>=granted|denied|not-selected ...   (officer)
// Options: --officer (or KIOSK_ROLE=officer) uses the demo officer's key, --lang it|en, --json prints the api's answer.
// Environment: KIOSK_API_URL (default http://127.0.0.1:3000), KIOSK_API_KEY (default the demo kiosk's key),
// KIOSK_CACHE_DIR (where the public key is kept; default <repo>/.data/kiosk).
// Exit codes: 0 done (granted, or sent to the customs office), 1 refused by the api, 2 forged code (refused offline),
// 3 the api cannot be reached, 64 wrong usage.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  claimedKeyId,
  decodeQrPng,
  formatRequest,
  formatScan,
  keyIdOf,
  parseDecisions,
  verifyOffline,
} from './lib.mjs';

const DEMO_KEYS = { kiosk: 'xk_demo_kiosk_malpensa', officer: 'xk_demo_officer_malpensa' };
const USAGE = `usage: npm run kiosk -- <command> [options]
  scan <token | path/to/qr.png>                      scan a visa request's QR code
  show <visaRequestId>                               read a request (officer)
  decide <visaRequestId> <refundId>=granted|denied|not-selected ...   decide the customs check (officer)
options: --officer  --lang it|en  --json
env: KIOSK_API_URL, KIOSK_API_KEY, KIOSK_ROLE=kiosk|officer, KIOSK_CACHE_DIR`;

class ExitError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** `--lang`'s value as the api's language: Italian for it, it_IT..., English otherwise. */
const languageOf = (value) => ((value ?? '').toUpperCase().startsWith('IT') ? 'IT' : 'EN');

function parseArgs(argv) {
  const options = { officer: (process.env.KIOSK_ROLE ?? '').toLowerCase() === 'officer', lang: 'EN', json: false };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--officer') options.officer = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--lang') options.lang = languageOf(argv[++i]);
    else if (arg.startsWith('--lang=')) options.lang = languageOf(arg.slice(7));
    else if (arg === '--help' || arg === '-h') throw new ExitError(USAGE, 0);
    else positional.push(arg);
  }
  return { options, positional };
}

const apiUrl = () => (process.env.KIOSK_API_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
const apiKey = (options) => process.env.KIOSK_API_KEY || (options.officer ? DEMO_KEYS.officer : DEMO_KEYS.kiosk);
const cacheDir = () => process.env.KIOSK_CACHE_DIR || fileURLToPath(new URL('../../.data/kiosk/', import.meta.url));

async function call(method, path, options, body) {
  let response;
  try {
    response = await fetch(`${apiUrl()}/api/v1/exit-point${path}`, {
      method,
      headers: {
        'x-api-key': apiKey(options),
        'accept-language': options.lang,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new ExitError(
      `cannot reach the api at ${apiUrl()} (${error.cause?.code ?? error.message}); is it running? (npm start)`,
      3,
    );
  }
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { detail: text };
  }
  return { status: response.status, json };
}

/** The public key, fetched once per api and kept in a file: the kiosk verifies codes without the network. */
async function publicKey(options, { refresh = false } = {}) {
  const file = join(cacheDir(), `public-key-${createHash('sha256').update(apiUrl()).digest('hex').slice(0, 12)}.json`);
  if (!refresh && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { status, json } = await call('GET', '/public-key', options);
  if (status !== 200 || keyIdOf(json) !== json.kid)
    throw new ExitError(`the api did not give a usable public key (${status})`, 3);
  mkdirSync(cacheDir(), { recursive: true });
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return json;
}

function refused(status, json, options) {
  const lines = [`REFUSED (${status}) — ${json.detail ?? 'the api refused the call'}`];
  for (const [field, message] of Object.entries(json.extra ?? {})) lines.push(`  ${field}: ${message}`);
  if (status === 403 && !options.officer) lines.push('  (officers only: add --officer, or set KIOSK_ROLE=officer)');
  return new ExitError(lines.join('\n'), 1);
}

/** An answer of the api as the screen's lines: `format`ted (or as is with --json) when it is a 200, else refused. */
function screenOf({ status, json }, options, format) {
  if (status !== 200) throw refused(status, json, options);
  return options.json ? [JSON.stringify(json, null, 2)] : format(json);
}

function readToken(arg) {
  if (existsSync(arg)) {
    let image;
    try {
      image = readFileSync(arg);
    } catch (error) {
      throw new ExitError(`cannot read ${arg} (${error.code ?? error.message})`, 64);
    }
    const token = decodeQrPng(image);
    if (!token)
      throw new ExitError(`FORGED — no QR code could be read in ${arg} (a PNG picture of the code is expected)`, 2);
    return token;
  }
  if (/\.png$/i.test(arg)) throw new ExitError(`no such file: ${arg}`, 64);
  return arg;
}

async function scan(arg, options) {
  const token = readToken(arg);
  let key = await publicKey(options);
  // A code signed by a key we have not cached: the agency may have rotated its key. Ask once.
  const claimed = claimedKeyId(token);
  if (claimed && claimed !== key.kid) key = await publicKey(options, { refresh: true });
  const offline = verifyOffline(token, key);
  if (!offline.ok) {
    const why = {
      malformed: 'not a visa request QR code',
      'unknown-key': 'not signed by the agency',
      signature: 'altered: the signature does not match',
    }[offline.reason];
    throw new ExitError(`FORGED — ${why} (checked offline, not sent to the api)`, 2);
  }
  return screenOf(await call('POST', '/scan', options, { token }), options, formatScan);
}

async function show(publicId, options) {
  return screenOf(await call('GET', `/requests/${encodeURIComponent(publicId)}`, options), options, formatRequest);
}

async function decide(publicId, args, options) {
  let decisions;
  try {
    decisions = parseDecisions(args);
  } catch (error) {
    throw new ExitError(`${error.message}\n\n${USAGE}`, 64);
  }
  const answer = await call('POST', `/requests/${encodeURIComponent(publicId)}/decisions`, options, { decisions });
  return screenOf(answer, options, (view) => ['DECIDED', '', ...formatRequest(view)]);
}

async function main(argv) {
  const { options, positional } = parseArgs(argv);
  const [command, first, ...rest] = positional;
  if (command === 'scan' && first) return scan(first, options);
  if (command === 'show' && first) return show(first, options);
  if (command === 'decide' && first) return decide(first, rest, options);
  throw new ExitError(USAGE, 64);
}

main(process.argv.slice(2)).then(
  (lines) => console.log(lines.join('\n')),
  (error) => {
    if (error instanceof ExitError) {
      (error.code === 0 ? console.log : console.error)(error.message);
      process.exitCode = error.code;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
