import PDFDocument from 'pdfkit';
import { TIME_ZONE, type ServerLanguage } from '@varco/contracts';

/**
 * What the agency's PDFs share (the invoice release and the visa request): the standard font Helvetica, whose WinAnsi
 * encoding every text goes through (`toWinAnsi`), formatters per language in Europe/Rome, the colours, and a document
 * that collects its own bytes.
 */

export const PDF_MARGIN = 56;
export const PDF_COLORS: Readonly<Record<'text' | 'muted' | 'accent' | 'rule', string>> = {
  text: '#1a1a1a',
  muted: '#5c6f82',
  accent: '#0066cc',
  rule: '#c5c7c9',
};

/** Unicode characters outside Latin-1 that WinAnsiEncoding has (0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text a standard font can show: WinAnsi characters pass; others are decomposed (NFKD: narrow no-break spaces of
 * some locales become spaces, letters lose marks WinAnsi lacks, e.g. ő → o) and what is still missing becomes '?'.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) {
      out += char;
      continue;
    }
    for (const part of char.normalize('NFKD')) {
      if (isWinAnsi(part)) out += part;
      else if (!/\p{M}/u.test(part)) out += '?';
    }
  }
  return out;
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x09 || code === 0x0a) return true;
  if (code < 0x20 || code === 0x7f) return false;
  if (code < 0x80) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRA.has(char);
}

/** Intl formatters are costly to build: one set per language, made on first use. */
export interface PdfFormatters {
  money: Intl.NumberFormat;
  day: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
}

const formatters = new Map<ServerLanguage, PdfFormatters>();

export function formattersFor(language: ServerLanguage): PdfFormatters {
  let found = formatters.get(language);
  if (!found) {
    const locale = language === 'IT' ? 'it-IT' : 'en-US';
    found = {
      // 'always': Italian groups 4-digit amounts too (1.234,56 €); the locale default leaves them as 1234,56 €.
      money: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', useGrouping: 'always' }),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: TIME_ZONE }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }),
    };
    formatters.set(language, found);
  }
  return found;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO day (`2026-05-10`) as a calendar day: noon UTC is the same day in Rome all year. Anything else as is. */
export function formatDay(value: string, format: Intl.DateTimeFormat): string {
  const match = ISO_DAY.exec(value);
  if (!match) return formatInstant(value, format);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

export function formatInstant(value: string | Date, format: Intl.DateTimeFormat): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : format.format(date);
}

/** `{name}` placeholders replaced; an unknown one stays visible. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The texts every layout has: the mark of a missing value, and the footer's "generated on {date}". */
type CommonTexts = { readonly none: string; readonly generatedAt: string };

/**
 * How a layout writes in its language: its texts (`t`) and any value (`orNone`, the `none` mark when it is missing)
 * through WinAnsi, the language's formatters, and the footer for the moment the document was generated.
 */
export function pdfWriter<K extends string>(
  texts: Readonly<Record<K, string>> & CommonTexts,
  language: ServerLanguage,
) {
  const format = formattersFor(language);
  const none = toWinAnsi(texts.none);
  return {
    format,
    t: (key: K) => toWinAnsi(texts[key]),
    orNone: (value: string | null | undefined) => (value && value.trim() ? toWinAnsi(value) : none),
    footer: (generatedAt: Date) =>
      toWinAnsi(fill(texts.generatedAt, { date: formatInstant(generatedAt, format.dateTime) })),
  };
}

export interface PdfInfo {
  Title: string;
  Author: string;
  Subject: string;
}

/** A new A4 document in `language` and the promise of its bytes, which settles when `doc.end()` is called. */
export function newPdf(
  language: ServerLanguage,
  info: PdfInfo,
  generatedAt: Date,
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    lang: language === 'IT' ? 'it-IT' : 'en-US',
    displayTitle: true,
    font: 'Helvetica',
    info: { ...info, Creator: 'Varco', CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
