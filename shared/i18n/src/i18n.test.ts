import { join } from 'node:path';
import { translationIssues, translationIssuesOfDir } from './checks';
import { addNamespace, i18n, normaliseLanguage } from './i18n';

describe('common translations', () => {
  it('have every key of the English texts in every language, with its placeholders and plural forms', () => {
    // Italian says "Home" too; a page's title is its name, a dash and the portal's, in every language but Russian.
    const sameAsEnglish = { '*': ['app.pageTitle'], it: ['nav.home', 'nav.protectedHome'] };
    expect(translationIssuesOfDir(join(__dirname, 'locales'), sameAsEnglish)).toEqual({});
  });

  it('report a missing key, a lost placeholder, a missing plural form and a text left in English', () => {
    const english = {
      a: { b: 'Hello {{name}}', c: 'Sign in' },
      days_one: '{{count}} day',
      days_other: '{{count}} days',
    };
    expect(
      translationIssues(
        english,
        { a: { b: 'Здравствуйте', c: 'Sign in' }, days_one: '{{count}} день', days_other: '{{count}} дней' },
        'ru-RU',
      ),
    ).toEqual(['missing days_few', 'missing days_many', 'placeholders of a.b:  for {{name}}', 'English left in a.c']);
    expect(
      translationIssues(
        english,
        {
          a: { b: 'Bonjour {{name}}', c: 'Sign in' },
          days_one: 'un jour',
          days_many: '{{count}} jours',
          days_other: '{{count}} jours',
          x: 'y',
        },
        'fr-FR',
        ['a.c'],
      ),
    ).toEqual(['extra x']);
  });
});

describe('language', () => {
  it('maps what browsers send to one of the languages by its primary subtag, English otherwise', () => {
    expect(normaliseLanguage('it')).toBe('it_IT');
    expect(normaliseLanguage('it-CH')).toBe('it_IT');
    expect(normaliseLanguage('en-GB')).toBe('en_US');
    expect(normaliseLanguage('fr-CA')).toBe('fr');
    expect(normaliseLanguage('zh-TW')).toBe('zh_Hans');
    expect(normaliseLanguage('pt-PT')).toBe('pt_BR');
    expect(normaliseLanguage('nl-NL')).toBe('en_US');
    expect(normaliseLanguage(undefined)).toBe('en_US');
  });

  it('writes Arabic right to left', async () => {
    await i18n.changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await i18n.changeLanguage('en_US');
    expect(document.documentElement.dir).toBe('ltr');
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
