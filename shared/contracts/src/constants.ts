/** Business constants and limits of docs/domain.md, shared by the browser and the api. */
export const MIN_INVOICE_AMOUNT_EUR = 70;
/** Exit from the EU must happen within this many months after the invoice issue date. */
export const EXIT_DEADLINE_MONTHS = 3;
/**
 * A week before the exit deadline the traveler is warned: the invoice list's warning look (fewer days left than this)
 * and the reminder notification EXIT_DEADLINE_7 (at most this many days left).
 */
export const EXIT_WARNING_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 8;
export const MIN_TEXT_LENGTH = 2;
export const HOME_INVOICES_LIMIT = 4;
export const HOME_VISAS_LIMIT = 4;
export const VISA_PAGE_SIZE = 10;
/** The most invoices one visa request may hold: a traveler has tens of them, never thousands. */
export const MAX_VISA_INVOICES = 50;
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NOTIFICATION_POLL_MS = 15_000;
export const KEEP_ALIVE_MS = 30_000;
export const ERROR_BANNER_MS = 3_000;
export const MINUTE_STEP = 5;
export const TIME_ZONE = 'Europe/Rome';
export const DATE_INPUT_MAX = '2999-12-31';
export const CURRENCY = 'EUR';
export const QUERY_GC_TIME_MS = 60_000;
export const LANGUAGE_COOKIE_MINUTES = 10;
export const FOOTER_LOGO_WIDTH = 175;
/** The footer logo is drawn 350×80: its height at FOOTER_LOGO_WIDTH, so the page reserves its box before it loads. */
export const FOOTER_LOGO_HEIGHT = 40;
/** The captcha image's size in pixels, drawn by the api and reserved by the sign-up form before it arrives. */
export const CAPTCHA_IMAGE_WIDTH = 150;
export const CAPTCHA_IMAGE_HEIGHT = 50;
export const TRANSPORT_AIR = 'AE';
export const TRANSPORT_PRIVATE_VEHICLE = 'MP';
/** Error code of a request that never reached the server (docs/calls.md). */
export const NETWORK_ERROR_CODE = -1000;
export const NETWORK_ERROR_TYPE = 'network-error';
