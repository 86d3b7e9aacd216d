import { diffKeys } from './keys';
import { addNamespace, i18n, normaliseLanguage } from './i18n';
import enLocale from './locales/en.json';
import itLocale from './locales/it.json';

describe('common translations', () => {
  it('have the same keys in Italian and English', () => {
    expect(diffKeys(itLocale, enLocale)).toEqual({ missingInEn: [], missingInIt: [] });
  });

  it('reports a key that one language lacks', () => {
    expect(diffKeys({ a: { b: 'x', c: 'y' } }, { a: { b: 'x' } })).toEqual({ missingInEn: ['a.c'], missingInIt: [] });
  });
});

describe('language', () => {
  it('maps what browsers send to one of the two languages, English otherwise', () => {
    expect(normaliseLanguage('it')).toBe('it_IT');
    expect(normaliseLanguage('it-CH')).toBe('it_IT');
    expect(normaliseLanguage('en-GB')).toBe('en_US');
    expect(normaliseLanguage('fr-FR')).toBe('en_US');
    expect(normaliseLanguage(undefined)).toBe('en_US');
  });

  it('keeps <html lang> in step with the chosen language', async () => {
    await i18n.changeLanguage('it_IT');
    expect(document.documentElement.lang).toBe('it');
    expect(i18n.t('nav.howto')).toBe('Come funziona');
    await i18n.changeLanguage('en_US');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.howto')).toBe('How to');
  });

  it('remembers the choice in local storage', async () => {
    await i18n.changeLanguage('it_IT');
    expect(localStorage.getItem('i18nextLng')).toBe('it_IT');
  });

  it('uses Italian plural rules', async () => {
    addNamespace('plural-test', {
      it: { unread_one: '{{count}} notifica non letta', unread_other: '{{count}} notifiche non lette' },
      en: { unread_one: '{{count}} unread notification', unread_other: '{{count}} unread notifications' },
    });
    await i18n.changeLanguage('it_IT');
    expect(i18n.t('plural-test:unread', { count: 1 })).toBe('1 notifica non letta');
    expect(i18n.t('plural-test:unread', { count: 3 })).toBe('3 notifiche non lette');
  });
});
