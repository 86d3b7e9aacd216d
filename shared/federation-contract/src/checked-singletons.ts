/**
 * The shared singletons the page provides, each whole: a remote may use any of their exports, so a remote built with
 * a version the page's copy does not cover (another major, or a later minor, whose new exports the page lacks) is
 * refused before any of its code loads.
 * The one list: the shared webpack configuration reads this file (plain TypeScript, which Node runs as it is) to
 * build the federation's `shared` section.
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
