import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import PDFDocument from 'pdfkit';
import type { ServerLanguage } from '@varco/contracts';
import { RIGHT_TO_LEFT } from './pdf-fonts';
import { createTextWriter, reorder, type TextStyle } from './pdf-text';

/** A run as the writer drew it: its text, its face, where, and whether right to left. */
interface Drawn {
  text: string;
  face: string;
  x: number;
  y: number;
  rtl: boolean;
}

const STYLE: TextStyle = { weight: 'regular', size: 10, color: '#000000' };

/** Lays `text` out in `language` and draws it at x = 100 in `width`, recording each run pdfkit is asked to draw. */
function draw(language: ServerLanguage, text: string, width = 300, base: 'document' | 'auto' = 'document') {
  const doc = new PDFDocument({ font: null as unknown as string });
  const drawn: Drawn[] = [];
  let face = '';
  const font = doc.font.bind(doc);
  doc.font = ((name: string, size?: number) => {
    face = name;
    return font(name, size as number);
  }) as typeof doc.font;
  const text_ = doc.text.bind(doc);
  doc.text = ((value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) => {
    drawn.push({ text: value, face, x, y, rtl: options.features === RIGHT_TO_LEFT });
    return text_(value, x, y, options);
  }) as typeof doc.text;
  const paragraph = createTextWriter(doc, language).lay(text, STYLE, width, base);
  paragraph.draw(100, 50);
  const end = (run: Drawn) => run.x + doc.font(run.face, STYLE.size).widthOfString(run.text);
  doc.end();
  return { paragraph, drawn, end };
}

describe('PDF text', () => {
  it('orders levels as Unicode rule L2 does', () => {
    const order = [0, 1, 2, 3, 4];
    reorder(order, Uint8Array.from([1, 1, 2, 2, 1]));
    assert.deepEqual(order, [4, 2, 3, 1, 0]);
    const mixed = [0, 1, 2, 3, 4, 5];
    reorder(mixed, Uint8Array.from([0, 0, 1, 1, 1, 0]));
    assert.deepEqual(mixed, [0, 1, 4, 3, 2, 5]);
  });

  it('draws Arabic right to left, a Latin code and a number inside it left to right, from the right edge', () => {
    const { drawn, end } = draw('AR', 'رمز الطلب VR-2026 للمسافر 2');
    // Visual order, from the left: 2, للمسافر, VR-2026, رمز الطلب.
    assert.deepEqual(
      drawn.map((run) => run.text.trim()),
      ['2', 'للمسافر', 'VR-2026', 'رمز الطلب'],
    );
    assert.deepEqual(
      drawn.map((run) => run.rtl),
      [false, true, false, true],
    );
    for (let i = 1; i < drawn.length; i++) assert.ok(drawn[i]!.x > drawn[i - 1]!.x, 'left to right on the page');
    assert.ok(Math.abs(end(drawn.at(-1)!) - 400) < 0.01, 'the line ends at the right edge of its box');
    assert.ok(drawn.every((run) => run.face === 'arabic-regular'));
  });

  it('gives a value its own direction: a Latin name keeps its final stop on the right in Arabic', () => {
    const document = draw('AR', 'Caffè Città S.r.l.');
    assert.deepEqual(
      document.drawn.map((run) => run.text),
      ['.', 'Caffè Città S.r.l'],
    );
    const value = draw('AR', 'Caffè Città S.r.l.', 300, 'auto');
    assert.deepEqual(
      value.drawn.map((run) => run.text),
      ['Caffè Città S.r.l.'],
    );
    assert.ok(Math.abs(value.end(value.drawn[0]!) - 400) < 0.01, 'still aligned on the right, the start side');
  });

  it('leaves out the bidi marks that Intl puts in Arabic amounts', () => {
    const { drawn } = draw('AR', '\u200f1,234.56\u00a0€');
    assert.ok(drawn.every((run) => !run.text.includes('\u200f')));
    // The euro sign (a neutral) goes left of the digits; each run is given in reading order.
    assert.deepEqual(
      drawn.map((run) => [run.text, run.rtl]),
      [
        ['\u00a0€', true],
        ['1,234.56', false],
      ],
    );
  });

  it("takes a character the language's font lacks from the font of its script", () => {
    const arabic = draw('AR', 'المسافر Иван Петров');
    assert.deepEqual(
      arabic.drawn.map((run) => [run.text.trim(), run.face]),
      [
        ['Иван Петров', 'latin-regular'],
        ['المسافر', 'arabic-regular'],
      ],
    );
    const italian = draw('IT', 'Negozio 東京 Ginza');
    assert.deepEqual(
      italian.drawn.map((run) => run.face),
      ['latin-regular', 'sc-regular', 'latin-regular'],
    );
    // The narrow no-break space of French amounts is missing from the CJK fonts; the digits after it stay with it.
    const chinese = draw('ZH-HANS', '金额 1\u202f234,56');
    assert.deepEqual(
      chinese.drawn.map((run) => [run.text, run.face]),
      [
        ['金额 1', 'sc-regular'],
        ['\u202f234,56', 'latin-regular'],
      ],
    );
  });

  it('breaks Korean between words and Chinese between characters', () => {
    const korean = draw('KO', '세관 확인 신청 세관 확인 신청', 50);
    assert.deepEqual(
      korean.drawn.map((run) => run.text),
      ['세관 확인', '신청 세관', '확인 신청'],
    );
    const chinese = draw('ZH-HANS', '请在欧盟出境口岸出示此二维码', 60);
    assert.ok(chinese.paragraph.lines > 1);
    assert.equal(chinese.drawn.map((run) => run.text).join(''), '请在欧盟出境口岸出示此二维码');
  });

  it('cuts a word longer than the line between characters', () => {
    const { paragraph, drawn, end } = draw('EN', 'X'.repeat(80), 100);
    assert.equal(paragraph.lines, drawn.length);
    assert.ok(paragraph.lines > 1);
    assert.equal(drawn.map((run) => run.text).join(''), 'X'.repeat(80));
    assert.ok(drawn.every((run) => end(run) <= 200.01));
  });
});
