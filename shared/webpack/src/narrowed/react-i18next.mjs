// `react-i18next` in the browser: only the names the apps use (shared/webpack/README.md, "Shared libraries narrowed
// to what the apps use"): `Trans` and its HTML parser are left out. A name an app starts to use is added here:
// narrowed.test.ts fails until it is.
export { I18nextProvider, initReactI18next, useTranslation } from '@varco/webpack-config/whole/react-i18next';
