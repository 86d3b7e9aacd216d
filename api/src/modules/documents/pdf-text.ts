import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import { directionOf, type ServerLanguage } from '@varco/contracts';
import { face, fallbackScript, primaryScript, RIGHT_TO_LEFT, type Face, type Script, type Weight } from './pdf-fonts';

/**
 * Text in any of the portal's languages on a pdfkit page. pdfkit by itself neither takes a character its font lacks
 * from another font nor reorders right-to-left text, so each paragraph is cut here into runs of one face (the
 * language's own font; another, by script, for a character it lacks), broken into lines at the Unicode line-break
 * opportunities (UAX #14, the `linebreak` package pdfkit uses too), and each line's runs are put in visual order by the
 * Unicode bidirectional algorithm (levels from `bidi-js`) before being drawn one by one. fontkit shapes each run as
 * pdfkit lays it out (Arabic letters joined); a right-to-left run is given in reading order and shaped right to left
 * (pdf-fonts.ts), which mirrors its brackets and puts its glyphs in visual order.
 */

export type Align = 'start' | 'end' | 'center';

export interface TextStyle {
  readonly weight: Weight;
  readonly size: number;
  readonly color: string;
}

/** A paragraph broken into lines for a width: its height, and the drawing of it at a place. */
export interface Paragraph {
  readonly height: number;
  readonly lines: number;
  /** Draws the lines from `top`, in the box starting at `x` of the width it was laid out for. */
  draw(x: number, top: number, align?: Align): void;
}

interface LineBreak {
  position: number;
  required: boolean;
}
const LineBreaker = createRequire(import.meta.url)('linebreak') as new (text: string) => {
  nextBreak(): LineBreak | null;
};
const bidi = bidiFactory();

// Line height and the baseline's depth under the line's top, in ems, per script of the document: the fonts' own
// metrics would space lines more than their glyphs need (Noto Sans Arabic's come to 2.1 em).
const LINE: Readonly<Record<Script, { height: number; ascent: number }>> = {
  latin: { height: 1.34, ascent: 1.05 },
  arabic: { height: 1.44, ascent: 1.04 },
  sc: { height: 1.42, ascent: 1.1 },
  jp: { height: 1.42, ascent: 1.1 },
  kr: { height: 1.42, ascent: 1.1 },
};

// Bidi controls (Intl writes some in Arabic amounts and dates) and line ends steer the order; they are not drawn.
const INVISIBLE = /[\n\r\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const HANGUL = /\p{Script=Hangul}/u;
const SPACE = /\s/;

/** A pdfkit document's text in `language`: its fonts and writing direction. */
export function createTextWriter(doc: PDFKit.PDFDocument, language: ServerLanguage) {
  const script = primaryScript(language);
  const direction = directionOf(language);
  const line = LINE[script];
  const registered = new Set<string>();

  /** Sets the face as the document's current font, registering it with the document on first use. */
  function select(found: Face, size: number): void {
    if (!registered.has(found.key)) {
      // pdfkit takes a parsed fontkit font as it takes a file (its `layout` function tells it apart).
      doc.registerFont(found.key, found.pdfFont as unknown as Buffer);
      registered.add(found.key);
    }
    doc.font(found.key, size);
  }

  /** The face of each UTF-16 unit of `text`; null for what is not drawn. */
  function facesOf(text: string, weight: Weight): (Face | null)[] {
    const own = face(script, weight);
    const faces: (Face | null)[] = new Array<Face | null>(text.length).fill(null);
    let previous: Face | null = null;
    for (let index = 0; index < text.length;) {
      const codePoint = text.codePointAt(index) ?? 0;
      const char = String.fromCodePoint(codePoint);
      let chosen: Face | null = null;
      if (INVISIBLE.test(char)) chosen = null;
      // Spaces, digits and punctuation stay in the face around them: fewer runs, one look for a name or a code.
      else if (previous && NEUTRAL.test(char) && previous.font.hasGlyphForCodePoint(codePoint)) chosen = previous;
      else if (own.font.hasGlyphForCodePoint(codePoint)) chosen = own;
      else {
        const other = face(fallbackScript(char), weight);
        chosen = other.font.hasGlyphForCodePoint(codePoint) ? other : own;
      }
      for (let unit = 0; unit < char.length; unit++) faces[index + unit] = chosen;
      if (chosen) previous = chosen;
      index += char.length;
    }
    return faces;
  }

  /** The width of `text[from, to)` at `size`, run by run of one face. */
  function measure(text: string, faces: (Face | null)[], from: number, to: number, size: number): number {
    let width = 0;
    let index = from;
    while (index < to) {
      const found = faces[index];
      let end = index + 1;
      while (end < to && faces[end] === found) end++;
      if (found) {
        select(found, size);
        width += doc.widthOfString(text.slice(index, end));
      }
      index = end;
    }
    return width;
  }

  /** The end of `text[from, to)` without its trailing spaces and line ends. */
  function trimEnd(text: string, from: number, to: number): number {
    let end = to;
    while (end > from && SPACE.test(text[end - 1]!)) end--;
    return end;
  }

  /** Lines as [start, end) ranges of `text`, each at most `maxWidth` wide but for a character wider than that. */
  function breakLines(text: string, faces: (Face | null)[], size: number, maxWidth: number): Array<[number, number]> {
    const lines: Array<[number, number]> = [];
    const breaker = new LineBreaker(text);
    let lineStart = 0;
    let lineWidth = 0;
    let last = 0;
    for (let found = breaker.nextBreak(); found; found = breaker.nextBreak()) {
      const end = found.position;
      // Korean breaks between words, not inside them (CSS `word-break: keep-all`).
      if (!found.required && end < text.length && HANGUL.test(text[end - 1]!) && HANGUL.test(text[end]!)) continue;
      const contentEnd = trimEnd(text, last, end);
      const content = measure(text, faces, last, contentEnd, size);
      if (lineStart < last && lineWidth + content > maxWidth) {
        lines.push([lineStart, last]);
        lineStart = last;
        lineWidth = 0;
      }
      if (content > maxWidth) {
        // A word longer than the line (a long code, a name without spaces): cut between characters.
        let index = last;
        while (index < contentEnd) {
          const next = index + (text.codePointAt(index)! > 0xffff ? 2 : 1);
          if (index > lineStart && measure(text, faces, lineStart, next, size) > maxWidth) {
            lines.push([lineStart, index]);
            lineStart = index;
          }
          index = next;
        }
        lineWidth = measure(text, faces, lineStart, end, size);
      } else {
        lineWidth += contentEnd === end ? content : measure(text, faces, last, end, size);
      }
      last = end;
      if (found.required) {
        lines.push([lineStart, end]);
        lineStart = end;
        lineWidth = 0;
      }
    }
    if (lineStart < text.length || lines.length === 0) lines.push([lineStart, text.length]);
    return lines.map(([start, end]) => [start, trimEnd(text, start, end)]);
  }

  /** Draws one line: its runs in visual order, from the left, on the baseline. */
  function drawLine(
    text: string,
    faces: (Face | null)[],
    levels: Uint8Array | null,
    [start, end]: [number, number],
    style: TextStyle,
    box: { x: number; width: number; baseline: number; align: Align },
  ): void {
    const order: number[] = [];
    for (let index = start; index < end; index++) if (faces[index]) order.push(index);
    if (levels) reorder(order, levels);

    const runs: Array<{ face: Face; text: string; width: number; rtl: boolean }> = [];
    for (let k = 0; k < order.length;) {
      const first = order[k]!;
      const found = faces[first]!;
      const rtl = levels ? (levels[first]! & 1) === 1 : false;
      const step = rtl ? -1 : 1;
      // The run goes on while the next character follows in the text (invisible ones aside) in the same face and
      // direction.
      let j = k;
      while (j + 1 < order.length) {
        const next = order[j + 1]!;
        if (faces[next] !== found || (levels ? (levels[next]! & 1) === 1 : false) !== rtl) break;
        let between = order[j]! + step;
        while (between !== next && faces[between] === null && between >= start && between < end) between += step;
        if (between !== next) break;
        j++;
      }
      // The run in reading order: a right-to-left one is shaped and turned into visual order by its font.
      const from = Math.min(order[k]!, order[j]!);
      const to = Math.max(order[k]!, order[j]!) + 1;
      let logical = '';
      for (let index = from; index < to; index++) if (faces[index]) logical += text[index];
      select(found, style.size);
      runs.push({ face: found, text: logical, width: doc.widthOfString(logical), rtl });
      k = j + 1;
    }

    const total = runs.reduce((sum, run) => sum + run.width, 0);
    let x = box.x;
    if (box.align === 'center') x += (box.width - total) / 2;
    else if ((box.align === 'end') === (direction === 'ltr')) x += box.width - total;
    for (const run of runs) {
      select(run.face, style.size);
      doc.fillColor(style.color).text(run.text, x, box.baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        ...(run.rtl ? { features: RIGHT_TO_LEFT } : {}),
      });
      x += run.width;
    }
  }

  return {
    direction,
    /** The height of one line of text at `size`. */
    lineHeight: (size: number) => size * line.height,

    /**
     * `text` broken into lines of at most `width`. Its own direction is the document's, or with `base: 'auto'` (a
     * value: a name, a code, a description from the database) the one of its first letter, as HTML's `dir="auto"`:
     * "S.r.l." keeps its final stop in an Arabic document. Lines are aligned on the document's sides either way.
     */
    lay(text: string, style: TextStyle, width: number, base: 'document' | 'auto' = 'document'): Paragraph {
      const faces = facesOf(text, style.weight);
      const levels =
        direction === 'rtl' || RTL_LETTER.test(text)
          ? bidi.getEmbeddingLevels(text, base === 'auto' ? undefined : direction).levels
          : null;
      const lines = breakLines(text, faces, style.size, width);
      const lineHeight = style.size * line.height;
      return {
        height: lines.length * lineHeight,
        lines: lines.length,
        draw(x, top, align = 'start') {
          lines.forEach((range, index) => {
            const baseline = top + index * lineHeight + style.size * line.ascent;
            drawLine(text, faces, levels, range, style, { x, width, baseline, align });
          });
        },
      };
    },
  };
}

export type TextWriter = ReturnType<typeof createTextWriter>;

/**
 * Unicode's rule L2 in place: from the highest level down to the lowest odd one, every stretch of characters at that
 * level or above is reversed. `order` holds the line's indices in reading order.
 */
export function reorder(order: number[], levels: Uint8Array): void {
  let highest = 0;
  let lowestOdd = Number.POSITIVE_INFINITY;
  for (const index of order) {
    const level = levels[index]!;
    highest = Math.max(highest, level);
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]!]! < level) continue;
      let j = i;
      while (j + 1 < order.length && levels[order[j + 1]!]! >= level) j++;
      for (let a = i, b = j; a < b; a++, b--) [order[a], order[b]] = [order[b]!, order[a]!];
      i = j;
    }
  }
}
