import { useTranslation } from 'react-i18next';
import { LANGUAGE_TABLE } from '@varco/contracts/plain';
import { currentLanguage } from '@varco/i18n';

/**
 * Changes the interface language, each named in its own script; the detector remembers the choice (local storage and a
 * 10-minute cookie).
 */
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
        {LANGUAGE_TABLE.map(({ long, short, dir, name }) => (
          <option key={long} value={long} lang={short} dir={dir}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
