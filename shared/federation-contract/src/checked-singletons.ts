/**
 * The shared singletons the page provides, each whole: a remote built with a version the page's copy does not cover is
 * refused before its code loads. The one list: shared/webpack reads this file (Node runs it as it is) for `shared`.
 */
export const CHECKED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'i18next',
  'react-i18next',
  'ky',
  '@varco/session',
  '@varco/http',
  '@varco/i18n',
  '@varco/contracts',
  '@varco/ui',
] as const;
