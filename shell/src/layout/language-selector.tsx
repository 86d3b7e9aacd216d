import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@varco/contracts/plain';
import { currentLanguage } from '@varco/i18n';

/** Changes the interface language; the detector remembers the choice (local storage and a 10-minute cookie). */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="language-selector d-flex align-items-center gap-2">
      <label htmlFor="language-select" className="text-white small mb-0">
        {t('language.label')}
      </label>
      <select
        id="language-select"
        className="form-select form-select-sm w-auto"
        aria-label={t('language.label')}
        value={currentLanguage()}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language.slice(0, 2)}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
