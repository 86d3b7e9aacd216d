import { choosePage } from './page-choice.mjs';
import { PAGE_CASES } from './page-cases.mjs';

describe('the page chosen for a page address', () => {
  it.each(PAGE_CASES)('$name: $path → $file', ({ path, cookie, acceptLanguage, file }) => {
    const url = new URL(path, 'http://localhost');
    const chosen = choosePage({ pathname: url.pathname, lng: url.searchParams.get('lng'), cookie, acceptLanguage });
    expect(chosen.file).toBe(`/${file}`);
    expect(chosen.language).toBe(file.split('/')[1]);
  });
});
