import { SHORT_LANGUAGES } from '@varco/contracts/plain';
import { choosePage, LANGUAGE_BY_SUBTAG } from './page-choice.mjs';
import { PAGE_CASES } from './page-cases.mjs';

describe('the page chosen for a page address', () => {
  it.each(PAGE_CASES)('$name: $path → $file', ({ path, cookie, acceptLanguage, file }) => {
    const url = new URL(path, 'http://localhost');
    const chosen = choosePage({ pathname: url.pathname, lng: url.searchParams.get('lng'), cookie, acceptLanguage });
    expect(chosen.file).toBe(`/${file}`);
    expect(chosen.language).toBe(file.split('/')[1]);
  });
});

describe('the languages of the page choice', () => {
  it("are the portal's, each found by its primary subtag", () => {
    expect(Object.values(LANGUAGE_BY_SUBTAG).sort()).toEqual([...SHORT_LANGUAGES].sort());
    for (const short of SHORT_LANGUAGES) expect(LANGUAGE_BY_SUBTAG[short.slice(0, 2).toLowerCase()]).toBe(short);
  });
});
