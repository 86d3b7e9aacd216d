import type { Page } from '@playwright/test';

export const DEMO_CREDENTIALS: { email: string; password: string };

export function submitCredentials(page: Page, email: string, password: string, origin?: string): Promise<void>;
export function signInWithMailedCode(
  page: Page,
  options: { origin?: string; email: string; password: string; inboxUrl: string },
): Promise<void>;
