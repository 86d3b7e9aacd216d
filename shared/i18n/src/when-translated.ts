import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Renders `children` once a namespace has its texts in the page's language, and `fallback` until then: a remote's
 * texts in a language other than Italian or English come in a chunk of their own, and no raw key should show while
 * it travels.
 */
export function WhenTranslated({
  ns,
  fallback = null,
  children,
}: {
  ns: string;
  fallback?: ReactNode;
  children: ReactNode;
}): ReactNode {
  const { ready } = useTranslation(ns);
  return ready ? children : fallback;
}
