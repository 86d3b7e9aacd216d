import type { CaughtMail } from './server.mjs';

export function caughtMails(inboxUrl: string): Promise<CaughtMail[]>;
export function lastMailId(inboxUrl: string): Promise<number>;
export function waitForMail(
  inboxUrl: string,
  options: { to: string; afterId: number; pattern: RegExp; timeoutMs?: number },
): Promise<CaughtMail>;
export function newestSignInCode(inboxUrl: string, email: string, afterId: number): Promise<string>;
