/**
 * Ports of the e2e portal, away from those of `npm start` so both can run at once. `E2E_PORT_BASE` moves all three
 * (the api on the base, the portal on base + 1 with its remotes on the next four, the spare CDN on base + 11 with its
 * remotes after it) so that two runs can share a machine.
 */
const base = process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) : undefined;
export const E2E_API_PORT = base ?? 3900;
export const E2E_SHELL_PORT = base === undefined ? 9080 : base + 1;
/** A second CDN, whose origins a test may stop. */
export const E2E_SPARE_SHELL_PORT = base === undefined ? 9180 : base + 11;
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`;
/** The captcha answer the e2e api accepts for any live challenge (`CAPTCHA_TEST_ANSWER`, set by the global setup only). */
export const CAPTCHA_TEST_ANSWER = 'E2E42';
