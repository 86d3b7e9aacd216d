/** Ports of the e2e portal, away from those of `npm start` so both can run at once. */
export const E2E_API_PORT = 3900;
export const E2E_SHELL_PORT = 9080;
/** A second CDN, whose origins a test may stop. */
export const E2E_SPARE_SHELL_PORT = 9180;
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`;
/** The captcha answer the e2e api accepts for any live challenge (`CAPTCHA_TEST_ANSWER`, set by the global setup only). */
export const CAPTCHA_TEST_ANSWER = 'E2E42';
