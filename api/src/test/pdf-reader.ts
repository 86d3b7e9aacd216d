import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SERVER_LANGUAGES, type ServerLanguage } from '@varco/contracts';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { face, fallbackScript, primaryScript } from '../modules/documents/pdf-fonts';

// The layouts' tests read what they rendered back out of the PDF, with pdf.js (unpdf) and with poppler (pdftotext,
// pdffonts: scripts/ensure-poppler.sh), and check their texts alike.

export interface ReadPdf {
  text: string;
  pages: number;
  info: Record<string, unknown>;
  /** The first page's size in PDF points. */
  size: { width: number; height: number };
}

/** The text, page count, metadata and page size of a PDF, after checking that it is one. */
export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  // A copy: pdf.js may take over (detach) the buffer it is given.
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const { text, totalPages } = await extractText(proxy, { mergePages: true });
    const { info } = await getMeta(proxy);
    const viewport = (await proxy.getPage(1)).getViewport({ scale: 1 });
    const size = { width: viewport.width, height: viewport.height };
    return { text, pages: totalPages, info: info as Record<string, unknown>, size };
  } finally {
    await proxy.destroy();
  }
}

export interface PopplerFont {
  name: string;
  embedded: boolean;
  subset: boolean;
  /** Whether the font has a ToUnicode map: its glyphs read back as text. */
  toUnicode: boolean;
}

const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFFONTS = '/usr/bin/pdffonts';
const run = promisify(execFile);

/** Whether poppler-utils is installed (CI installs it: scripts/test.sh runs scripts/ensure-poppler.sh). */
export const popplerInstalled = () => existsSync(PDFTOTEXT) && existsSync(PDFFONTS);

/** poppler's reading of a PDF: its text in reading order (pdftotext) and its fonts (pdffonts). */
export async function readWithPoppler(pdf: Buffer): Promise<{ text: string; fonts: PopplerFont[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'varco-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const [{ stdout: text }, { stdout: table }] = await Promise.all([
      run(PDFTOTEXT, ['-enc', 'UTF-8', file, '-']),
      run(PDFFONTS, [file]),
    ]);
    // name, type (two words for CID fonts), encoding, then emb sub uni "yes"/"no" and the object id.
    const fonts = table
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        const [emb, sub, uni] = columns.slice(-5, -2);
        return { name: columns[0]!, embedded: emb === 'yes', subset: sub === 'yes', toUnicode: uni === 'yes' };
      });
    return { text, fonts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Bidi controls (poppler marks right-to-left lines with them) and spacing: the layout wraps where the width says.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text as compared: no bidi controls, no spacing (lines wrap anywhere in Chinese and Japanese). */
export function comparable(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/\s+/g, '');
}

/**
 * Arabic as pdf.js extracts it, compared word by word: Noto Sans Arabic draws a dotted letter as a body plus dots,
 * and pdf.js, which cannot read a glyph that stands for no text (the dots), puts other characters in their place
 * and orders the words of a line its own way. What stays is each word's letters, in order; in a line that mixes
 * Arabic with digits (a date) not even that, only the groups of digits. poppler reads them all as written.
 */
export const arabicWords = (text: string): string[] => text.match(/\p{Script=Arabic}+/gu) ?? [];
const arabicLetters = (text: string) => arabicWords(text.replace(/[^\p{Script=Arabic}\s]/gu, '')).join('');

/** Asserts that `text` (read back with pdf.js, or with poppler) has `expected`, as far as the reader reliably can. */
export function assertHasText(
  text: string,
  expected: string,
  { reader, language }: { reader: 'pdf.js' | 'poppler'; language: ServerLanguage },
): void {
  if (reader === 'pdf.js' && language === 'AR' && arabicWords(expected).length > 0) {
    const digits = expected.match(/[\d:.,]*\d/g);
    const letters = arabicLetters(text);
    for (const part of digits ?? arabicWords(expected)) {
      assert.ok((digits ? text : letters).includes(part), `${language}, ${reader}: no "${part}" of "${expected}"`);
    }
    return;
  }
  assert.ok(
    comparable(text).includes(comparable(expected)),
    `${language}, ${reader}: missing "${expected}" in:\n${text}`,
  );
}

/** Letters each language's texts are written in, beside names and codes. */
const OWN_SCRIPT: Partial<Record<ServerLanguage, RegExp>> = {
  'ZH-HANS': /\p{Script=Han}/u,
  JA: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  KO: /\p{Script=Hangul}/u,
  AR: /\p{Script=Arabic}/u,
  RU: /\p{Script=Cyrillic}/u,
};

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

/**
 * A layout's texts: the twelve languages with the same keys and placeholders, none empty, every character one of the
 * language's fonts can draw, and none left in English: a text equals the English one only where it is a name
 * (`names`, the same in every language) or where the language writes it alike (`sameAsEnglish`, e.g. French "Page"),
 * and in a language of another script each text has letters of that script.
 */
export function assertLayoutTexts(
  texts: Readonly<Record<ServerLanguage, Readonly<Record<string, string>>>>,
  {
    names,
    sameAsEnglish = {},
  }: { names: readonly string[]; sameAsEnglish?: Partial<Record<ServerLanguage, readonly string[]>> },
): void {
  assert.deepEqual(Object.keys(texts).sort(), [...SERVER_LANGUAGES].sort());
  const keys = Object.keys(texts.IT).sort();
  for (const language of SERVER_LANGUAGES) {
    const own = texts[language];
    assert.deepEqual(Object.keys(own).sort(), keys, `${language}: other keys than Italian`);
    for (const [key, value] of Object.entries(own)) {
      assert.ok(value.trim().length > 0, `${language}.${key} is empty`);
      assert.deepEqual(placeholders(value), placeholders(texts.IT[key]!), `${language}.${key}: other placeholders`);
      for (const char of value) {
        const codePoint = char.codePointAt(0)!;
        const drawn =
          face(primaryScript(language), 'regular').font.hasGlyphForCodePoint(codePoint) ||
          face(fallbackScript(char), 'regular').font.hasGlyphForCodePoint(codePoint);
        assert.ok(drawn, `${language}.${key}: no font draws "${char}"`);
      }
      if (language === 'EN' || names.includes(key)) continue;
      if (!sameAsEnglish[language]?.includes(key)) {
        assert.notEqual(value, texts.EN[key], `${language}.${key} is the English text`);
      }
      const script = OWN_SCRIPT[language];
      if (script) assert.match(value, script, `${language}.${key} has no letter of its language`);
    }
  }
}
