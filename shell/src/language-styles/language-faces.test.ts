import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_TABLE } from '@varco/contracts/plain';

interface Sheet {
  name: string;
  css: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fonts = require('../../webpack/language-fonts.cjs') as {
  languageFontSheets: () => Record<string, Sheet>;
  SANS_SERIF: string[];
  SERIF: string[];
};

const sheets = fonts.languageFontSheets();
const latin = (
  JSON.parse(readFileSync(require.resolve('@fontsource/titillium-web/unicode.json'), 'utf8')) as Record<string, string>
).latin!;

/** The code points a unicode-range covers. */
function covers(ranges: string): (codePoint: number) => boolean {
  const spans = ranges.split(',').map((range) => {
    const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)] as const;
  });
  return (codePoint) => spans.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** What a page in `short` draws in a real face: Titillium Web's latin subset (the entry's) and its own sheet's faces. */
function drawn(short: string): (codePoint: number) => boolean {
  const ranges = [
    latin,
    ...[...(sheets[short]?.css ?? '').matchAll(/unicode-range:([^}]+)\}/g)].map(([, range]) => range!),
  ];
  const all = ranges.map(covers);
  return (codePoint) => all.some((covered) => covered(codePoint));
}

/** Letters of each language beyond its name: Turkish's own, and a common word of each other script. */
const MORE_LETTERS: Record<string, string> = {
  tr: 'ğĞışŞİ',
  ru: 'Добро пожаловать',
  ar: 'مرحبًا',
  'zh-Hans': '欢迎',
  ja: 'ようこそ',
  ko: '환영합니다',
};

describe('the faces of each language', () => {
  it.each(LANGUAGE_TABLE.map(({ short, name }) => [short, name] as const))(
    '%s: every letter of its name in its own script has a face',
    (short, name) => {
      const has = drawn(short);
      const letters = [...`${name}${MORE_LETTERS[short] ?? ''}`].filter((letter) => /\p{L}/u.test(letter));
      expect(letters.filter((letter) => !has(letter.codePointAt(0)!))).toEqual([]);
    },
  );

  it('the languages in Titillium Web’s latin subset load no sheet (an English or Italian page carries none)', () => {
    expect(Object.keys(sheets).sort()).toEqual(['ar', 'ja', 'ko', 'ru', 'tr', 'zh-Hans']);
  });

  it('put the script’s face after the design system’s and before its fallbacks, as src/fonts.css names them', () => {
    const fontsCss = readFileSync(join(__dirname, '..', 'fonts.css'), 'utf8');
    expect(fontsCss).toContain(`--bs-font-sans-serif: ${fonts.SANS_SERIF.join(', ')};`);
    expect(fontsCss).toContain(`font-family: ${fonts.SERIF.join(', ')};`);
    expect(sheets['zh-Hans']!.css).toContain(
      `:root:lang(zh-Hans){--bs-font-sans-serif:'Titillium Web','Noto Sans SC','Titillium Web Fallback',Geneva,Tahoma,sans-serif}`,
    );
    expect(sheets.ar!.css).toContain(
      `:lang(ar) .callout p{font-family:'Lora','Noto Sans Arabic','Lora Fallback',Georgia,serif}`,
    );
    // Turkish keeps Titillium Web, with its latin-ext faces: no other family is named.
    expect(sheets.tr!.css).not.toContain(':lang(');
  });

  it('are named by their content, so the CDN may keep them forever', () => {
    for (const [short, { name }] of Object.entries(sheets))
      expect(name).toMatch(new RegExp(`^fonts-${short}\\.[0-9a-f]{10}\\.css$`));
  });
});
