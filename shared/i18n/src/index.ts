export {
  i18n,
  initI18n,
  loadCommon,
  addNamespace,
  currentLanguage,
  languageKnown,
  normaliseLanguage,
  type NamespaceResources,
} from './i18n';
export { diffKeys, flattenKeys } from './keys';
export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
