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
export { WhenTranslated } from './when-translated';
export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
