import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import { create, type Font, type GlyphPosition, type GlyphRun } from 'fontkit';
import { LRUCache } from 'lru-cache';
import type { ServerLanguage } from '@varco/contracts';

/**
 * The fonts of the agency's PDFs, each a TrueType file of an `@expo-google-fonts/*` package in a regular and a bold
 * weight: Noto Sans (Latin, Greek, Cyrillic), Noto Sans Arabic, and Noto Sans SC, JP and KR (Chinese, Japanese and
 * Korean forms of the ideographs). A face is read and parsed by fontkit once per process, when a document first needs
 * it, and shared by every later document, with the runs it has shaped; pdfkit embeds in each document only the glyphs
 * it uses.
 */

export type Script = 'latin' | 'arabic' | 'sc' | 'jp' | 'kr';
export type Weight = 'regular' | 'bold';

export interface Face {
  /** The name the face is registered under in a document. */
  readonly key: `${Script}-${Weight}`;
  readonly script: Script;
  readonly weight: Weight;
  readonly font: Font;
  /** What documents are given: the font, with the text of each glyph kept apart and its shaped runs kept. */
  readonly pdfFont: Font;
}

const FAMILIES: Readonly<Record<Script, { readonly pkg: string; readonly family: string }>> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', family: 'NotoSans' },
  arabic: { pkg: '@expo-google-fonts/noto-sans-arabic', family: 'NotoSansArabic' },
  sc: { pkg: '@expo-google-fonts/noto-sans-sc', family: 'NotoSansSC' },
  jp: { pkg: '@expo-google-fonts/noto-sans-jp', family: 'NotoSansJP' },
  kr: { pkg: '@expo-google-fonts/noto-sans-kr', family: 'NotoSansKR' },
};
const WEIGHTS: Readonly<Record<Weight, string>> = { regular: '400Regular', bold: '700Bold' };

export const SCRIPTS = Object.keys(FAMILIES) as Script[];

// Resolved from node_modules at run time: the api bundle keeps dependencies external.
const require = createRequire(import.meta.url);

/** The file of a face, inside its package. */
export function fontFile(script: Script, weight: Weight): string {
  const { pkg, family } = FAMILIES[script];
  const style = WEIGHTS[weight];
  return require.resolve(`${pkg}/${style}/${family}_${style}.ttf`);
}

const faces = new Map<string, Face>();

/** A face, read and parsed on first use. */
export function face(script: Script, weight: Weight): Face {
  const key = `${script}-${weight}` as const;
  let found = faces.get(key);
  if (!found) {
    const font = create(readFileSync(fontFile(script, weight)));
    if (!('layout' in font)) throw new Error(`${fontFile(script, weight)} is a font collection, not a font`);
    found = { key, script, weight, font, pdfFont: forPdf(font) };
    faces.set(key, found);
  }
  return found;
}

/**
 * The features a right-to-left run is drawn with (pdf-text.ts): `rtla`, the right-to-left alternates fontkit turns on
 * for such runs anyway. Features given make pdfkit lay the run out in one piece, not word by word, and tell
 * `forPdf`'s layout to shape it right to left.
 */
export const RIGHT_TO_LEFT: ['rtla'] = ['rtla'];
const isRightToLeft = (features: unknown) => Array.isArray(features) && features.includes('rtla');

const bidi = bidiFactory();
/** A bracket's mirror image (Unicode's Bidi_Mirroring_Glyph; the pairs are symmetric), or the character itself. */
const mirror = (codePoint: number) =>
  bidi.getMirroredCharacter(String.fromCodePoint(codePoint))?.codePointAt(0) ?? codePoint;

const mirrored = (text: string) => String.fromCodePoint(...[...text].map((char) => mirror(char.codePointAt(0)!)));

/** Shaped runs kept per face; a document has a few hundred, the labels of all languages a few thousand. */
const RUNS_KEPT = 5000;

interface TrueTypeSubset {
  /** The font's glyph ids in the subset's order. */
  glyphs: number[];
  includeGlyph(id: number): number;
}

/** A glyph as pdfkit reads it from a run: its id, the text it stands for, its advance. */
interface PdfGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/**
 * The font as pdfkit sees it. Three things differ from fontkit's own object:
 * - the text each glyph stands for (the document's ToUnicode map, which text extraction and copying read) is the text
 *   it was shaped from. fontkit keeps one glyph object per glyph id with the code points of its first use, and Noto
 *   Sans Arabic draws several letters with the same dotless body plus dots (ي and ت in their middle form, say), so
 *   one id would read as one letter everywhere. Each other pairing of an id with a text gets an id of its own past
 *   the font's glyphs, which the subset embeds as a copy of the real glyph.
 * - a right-to-left run (`RIGHT_TO_LEFT` features) is shaped right to left whatever its letters (punctuation between
 *   Arabic words too), with its brackets mirrored: "(" is drawn as ")" but still reads as "(". fontkit puts the
 *   glyphs in visual order.
 * - `layout` answers from the runs shaped before: pdfkit keeps a document's runs only for that document, and shaping
 *   each word again (OpenType substitutions and positions) was most of a render's time. pdfkit scales the positions
 *   it is given in place, so each call gets its own copies.
 */
function forPdf(font: Font): Font {
  const pdfFont = Object.create(font) as Font;
  const firstText = new Map<number, string>();
  const extraIds = new Map<string, number>();
  const realIds: number[] = [];

  /** The id pdfkit gets for a glyph shaped from `codePoints`. */
  function idFor(id: number, codePoints: readonly number[]): number {
    const text = codePoints.join(' ');
    const first = firstText.get(id);
    if (first === undefined) firstText.set(id, text);
    if (first === undefined || first === text) return id;
    const key = `${id}:${text}`;
    let extra = extraIds.get(key);
    if (extra === undefined) {
      extra = font.numGlyphs + realIds.length;
      realIds.push(id);
      extraIds.set(key, extra);
    }
    return extra;
  }

  // Shaping through pdfFont (its layout engine is built on it) makes fontkit ask it for each glyph with the code
  // points of that use.
  pdfFont.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = font.getGlyph(id, codePoints);
    const same = glyph.codePoints.length === codePoints.length && glyph.codePoints.every((c, i) => c === codePoints[i]);
    return same ? glyph : (Object.create(glyph, { codePoints: { value: codePoints } }) as typeof glyph);
  };

  pdfFont.createSubset = () => {
    // fontkit's TrueType subset, as pdfkit uses it: glyph ids in, the subset's ids out.
    const subset = font.createSubset() as unknown as TrueTypeSubset;
    const include = subset.includeGlyph.bind(subset);
    const copies = new Map<number, number>();
    subset.includeGlyph = (id: number) => {
      if (id < font.numGlyphs) return include(id);
      let copy = copies.get(id);
      if (copy === undefined) {
        subset.glyphs.push(realIds[id - font.numGlyphs]!);
        copy = subset.glyphs.length - 1;
        copies.set(id, copy);
      }
      return copy;
    };
    return subset as unknown as ReturnType<Font['createSubset']>;
  };

  const runs = new LRUCache<string, { glyphs: PdfGlyph[]; positions: GlyphPosition[] }>({ max: RUNS_KEPT });
  const layout = font.layout;
  pdfFont.layout = (text: string, features?: unknown) => {
    const rightToLeft = isRightToLeft(features);
    const key = rightToLeft ? `\u0000${text}` : text;
    let run = runs.get(key);
    if (!run) {
      const shaped = rightToLeft
        ? layout.call(pdfFont, mirrored(text), RIGHT_TO_LEFT, undefined, undefined, 'rtl')
        : layout.call(pdfFont, text);
      const glyphs = shaped.glyphs.map((glyph) => {
        const codePoints = rightToLeft ? glyph.codePoints.map(mirror) : glyph.codePoints;
        return { id: idFor(glyph.id, codePoints), codePoints, advanceWidth: glyph.advanceWidth };
      });
      run = { glyphs, positions: shaped.positions };
      runs.set(key, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    } as unknown as GlyphRun;
  };
  return pdfFont;
}

/** The faces parsed so far in this process and their files (the benches report them with the memory they take). */
export function loadedFonts(): Array<{ key: Face['key']; file: string }> {
  return [...faces.values()].map(({ key, script, weight }) => ({ key, file: fontFile(script, weight) }));
}

/** The script of the font that writes a language's texts. */
export function primaryScript(language: ServerLanguage): Script {
  switch (language) {
    case 'AR':
      return 'arabic';
    case 'ZH-HANS':
      return 'sc';
    case 'JA':
      return 'jp';
    case 'KO':
      return 'kr';
    default:
      return 'latin';
  }
}

const ARABIC = /\p{Script=Arabic}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/**
 * The script of the font to try for a character the document's own font lacks (a value in another script, e.g. a
 * Cyrillic name in an Arabic document): by the character's script; Latin, Greek, Cyrillic and the rest → Noto Sans.
 */
export function fallbackScript(char: string): Script {
  if (ARABIC.test(char)) return 'arabic';
  if (HANGUL.test(char)) return 'kr';
  if (KANA.test(char)) return 'jp';
  if (HAN.test(char)) return 'sc';
  return 'latin';
}
