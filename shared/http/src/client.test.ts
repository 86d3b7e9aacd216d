import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod/mini';
import { i18n } from '@varco/i18n';
import { sessionStore } from '@varco/session';
import { observeCalls, type CallOutcome } from './call-observers';
import { apiUrl, configureHttp, filenameFrom, requestBlob, requestJson, requestVoid, startEarly } from './client';

let server: Server;
let baseUrl: string;
let lastHeaders: IncomingHttpHeaders = {};
/** Every address the server was asked for, in order. */
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    asked.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (path.endsWith('/ok')) return send(200, { counter: 3 });
    if (path.endsWith('/bad-shape')) return send(200, { counter: 'three' });
    if (path.endsWith('/invalid')) return send(400, { detail: 'Invalid data', extra: { email: 'Invalid e-mail' } });
    if (path.endsWith('/unauthorised')) return send(401, { detail: 'Sign in again' });
    if (path.endsWith('/pdf-error')) return send(404, { detail: 'Release not found' });
    if (path.endsWith('/pdf'))
      return send(200, '%PDF-1.7', {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="release-42.pdf"',
      });
    return send(500, 'oops');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  configureHttp({ apiBaseUrl: baseUrl });
  sessionStore.getState().clearSession();
  asked.length = 0;
});

const counter = z.object({ counter: z.number() });

describe('@varco/http', () => {
  it('returns the validated answer and sends the language as IT or EN', async () => {
    await i18n.changeLanguage('it_IT');
    await expect(requestJson('v1/ok', counter)).resolves.toEqual({ counter: 3 });
    expect(lastHeaders['accept-language']).toBe('IT');
    await i18n.changeLanguage('en_US');
    await requestJson('v1/ok', counter);
    expect(lastHeaders['accept-language']).toBe('EN');
  });

  it('sends the OTP and area headers only when held', async () => {
    await requestJson('v1/ok', counter);
    expect(lastHeaders['x-otp']).toBeUndefined();
    expect(lastHeaders['x-area']).toBe('free');
    sessionStore.getState().setOtp('654321');
    await requestJson('v1/ok', counter);
    expect(lastHeaders['x-otp']).toBe('654321');
  });

  it('sends the portal header on a body-less call, which the api asks of every call that changes state', async () => {
    await requestVoid('v1/ok', { method: 'post' });
    expect(lastHeaders['content-type']).toBeUndefined();
    expect(lastHeaders['x-varco-client']).toBe('1');
  });

  it('normalises an error answer to {status, detail, extra}', async () => {
    await expect(requestJson('v1/invalid', counter)).rejects.toEqual({
      status: 400,
      detail: 'Invalid data',
      extra: { email: 'Invalid e-mail' },
      type: 'http-error',
    });
  });

  it('clears the session and stops loading on 401', async () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567' });
    sessionStore.getState().setLoading(true);
    await expect(requestJson('v1/unauthorised', counter)).rejects.toMatchObject({
      status: 401,
      detail: 'Sign in again',
    });
    expect(sessionStore.getState().user).toEqual({});
    expect(sessionStore.getState().loading).toBe(false);
  });

  it('turns an answer that breaks the contract into an invalid-response error', async () => {
    await expect(requestJson('v1/bad-shape', counter)).rejects.toMatchObject({ type: 'invalid-response' });
  });

  it('reports a server that cannot be reached as network error -1000', async () => {
    configureHttp({ apiBaseUrl: 'http://127.0.0.1:9/api' });
    await expect(requestJson('v1/ok', counter)).rejects.toEqual({
      status: -1000,
      detail: '',
      extra: {},
      type: 'network-error',
    });
  });

  it('downloads a file with the name of its content-disposition, and reads a failed download detail', async () => {
    const { blob, filename } = await requestBlob('v1/pdf');
    expect(filename).toBe('release-42.pdf');
    expect(blob.size).toBe(8);
    await expect(requestBlob('v1/pdf-error')).rejects.toMatchObject({ status: 404, detail: 'Release not found' });
  });

  it('gives the absolute address of an api path for full-page redirects', () => {
    expect(apiUrl('v1/auth/login-spid')).toBe(`${baseUrl}/v1/auth/login-spid`);
  });

  it('reads UTF-8 encoded file names', () => {
    expect(filenameFrom("attachment; filename*=UTF-8''ricevuta%20%C3%A8.pdf")).toBe('ricevuta è.pdf');
    expect(filenameFrom(null)).toBeNull();
  });
});

describe('the outcome of every call, told to its observers', () => {
  const outcomes: CallOutcome[] = [];
  let stop: () => void;
  beforeEach(() => {
    outcomes.length = 0;
    stop = observeCalls((outcome) => outcomes.push(outcome));
  });
  afterEach(() => stop());

  it('is ok for an answer below 500, a 4xx included, and failed for a 5xx or no answer', async () => {
    await requestJson('v1/ok', counter);
    await requestJson('v1/invalid', counter).catch(() => undefined);
    await requestVoid('v1/unauthorised').catch(() => undefined);
    await requestVoid('v1/broken').catch(() => undefined);
    configureHttp({ apiBaseUrl: 'http://127.0.0.1:9/api' });
    await requestJson('v1/ok', counter).catch(() => undefined);
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'failed', 'failed']);
  });

  it('counts a first-screen call once, whoever takes its answer, and stops telling an observer that left', async () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567' });
    startEarly({ path: 'v1/ok', searchParams: { page: 2 } });
    await requestJson('v1/ok', counter, { searchParams: { page: 2 } });
    expect(outcomes).toEqual(['ok']);
    stop();
    await requestJson('v1/ok', counter);
    expect(outcomes).toEqual(['ok']);
  });

  it('keeps the call working when an observer throws', async () => {
    const stopThrowing = observeCalls(() => {
      throw new Error('observer broken');
    });
    await expect(requestJson('v1/ok', counter)).resolves.toEqual({ counter: 3 });
    stopThrowing();
    expect(outcomes).toEqual(['ok']);
  });
});

describe('a first-screen call started early', () => {
  const signedIn = (numeroDocumento: string) => sessionStore.getState().setUser({ numeroDocumento });

  it("is the answer of the widget's same call, asked of the api once", async () => {
    signedIn('YA1234567');
    startEarly({ path: 'v1/ok', searchParams: { page: 0, limit: 4 }, language: true });
    await expect(
      requestJson('v1/ok', counter, { searchParams: { limit: 4, page: 0, language: 'EN' } }),
    ).resolves.toEqual({ counter: 3 });
    expect(asked).toEqual(['/api/v1/ok?page=0&limit=4&language=EN']);
    // Taken once: the next call asks again.
    await requestJson('v1/ok', counter, { searchParams: { limit: 4, page: 0, language: 'EN' } });
    expect(asked).toHaveLength(2);
  });

  it('is not given to another call, another language, a call that changes state', async () => {
    signedIn('YA1234567');
    startEarly({ path: 'v1/ok', searchParams: { limit: 4 } });
    await requestJson('v1/ok', counter, { searchParams: { limit: 10 } });
    await requestVoid('v1/ok', { method: 'post', searchParams: { limit: 4 } });
    await i18n.changeLanguage('it_IT');
    await requestJson('v1/ok', counter, { searchParams: { limit: 4 } });
    await i18n.changeLanguage('en_US');
    expect(asked).toEqual(['/api/v1/ok?limit=4', '/api/v1/ok?limit=10', '/api/v1/ok?limit=4', '/api/v1/ok?limit=4']);
  });

  it('is never given to another traveler, nor after sign-out', async () => {
    signedIn('YA1234567');
    startEarly({ path: 'v1/ok' });
    signedIn('ZB7654321');
    await requestJson('v1/ok', counter);
    sessionStore.getState().clearSession();
    signedIn('YA1234567');
    startEarly({ path: 'v1/ok', searchParams: { page: 1 } });
    sessionStore.getState().clearSession();
    await requestJson('v1/ok', counter, { searchParams: { page: 1 } }).catch(() => undefined);
    expect(asked).toEqual(['/api/v1/ok', '/api/v1/ok', '/api/v1/ok?page=1', '/api/v1/ok?page=1']);
  });

  it('fails as the call itself would, in the same shape, and a failure nobody takes is no error of the page', async () => {
    signedIn('YA1234567');
    startEarly({ path: 'v1/invalid' });
    startEarly({ path: 'v1/unauthorised-never-taken' });
    await expect(requestJson('v1/invalid', counter)).rejects.toEqual({
      status: 400,
      detail: 'Invalid data',
      extra: { email: 'Invalid e-mail' },
      type: 'http-error',
    });
    expect(asked).toHaveLength(2);
  });

  it('is asked again once it is older than 30 seconds', async () => {
    signedIn('YA1234567');
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    startEarly({ path: 'v1/ok' });
    now.mockReturnValue(1_000_000 + 30_001);
    await requestJson('v1/ok', counter);
    now.mockRestore();
    expect(asked).toHaveLength(2);
  });
});
