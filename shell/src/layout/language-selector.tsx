import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TABLE } from '@varco/contracts/plain';
import { currentLanguage } from '@varco/i18n';

/**
 * Changes the interface language, each named in its own script; the detector remembers the choice (local storage and a
 * 10-minute cookie). A choice from the list applies at once; the arrow keys of a closed list only move through the
 * languages, and Enter applies the one shown (WCAG 3.2.2: the page does not change at every key press). The focus
 * stays on the list, and the new language is announced in itself.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('common');
  // A language moved to with the keyboard and not confirmed yet; dropped when the focus leaves the list.
  const [shown, setShown] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<{ text: string; lang: string } | null>(null);
  // A closed list changes its value at a key press: that change is a move, not a choice.
  const byKey = useRef(false);

  const apply = (long: string) => {
    setShown(null);
    if (long === currentLanguage()) return;
    const entry = LANGUAGE_TABLE.find((language) => language.long === long);
    void i18n.changeLanguage(long).then(() => {
      if (entry)
        setAnnounced({ text: i18n.t('language.changed', { ns: 'common', language: entry.name }), lang: entry.short });
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter' && shown !== null) {
      event.preventDefault();
      apply(shown);
      return;
    }
    byKey.current = true;
    // The change a key makes is dispatched in this key press; the next change is the traveler's choice again.
    setTimeout(() => (byKey.current = false));
  };

  return (
    <div className="language-selector d-flex align-items-center gap-2">
      <label htmlFor="language-select" className="text-white small mb-0">
        {t('language.label')}
      </label>
      <select
        id="language-select"
        className="form-select form-select-sm w-auto"
        aria-label={t('language.label')}
        aria-describedby="language-hint"
        value={shown ?? currentLanguage()}
        onKeyDown={onKeyDown}
        onChange={(event) => (byKey.current ? setShown(event.target.value) : apply(event.target.value))}
        onBlur={() => setShown(null)}
      >
        {LANGUAGE_TABLE.map(({ long, short, dir, name }) => (
          <option key={long} value={long} lang={short} dir={dir}>
            {name}
          </option>
        ))}
      </select>
      <span id="language-hint" className="visually-hidden">
        {t('language.hint')}
      </span>
      <span className="visually-hidden" aria-live="polite" lang={announced?.lang} data-testid="language-announcer">
        {announced?.text}
      </span>
    </div>
  );
}
