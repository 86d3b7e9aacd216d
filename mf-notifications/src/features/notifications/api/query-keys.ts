import type { Language } from '@varco/contracts';

/** The query keys of this remote: the unread count, and the list per language (the messages come rendered in it). */
export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  lists: ['notifications', 'list'] as const,
  list: (language: Language) => ['notifications', 'list', language] as const,
};
