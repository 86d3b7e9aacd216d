import PDFDocument from 'pdfkit';
import { TIME_ZONE, toLocale, type ServerLanguage } from '@varco/contracts';

/**
 * What the agency's PDFs share (the invoice release and the visa request): formatters per language (its locale, as
 * the pages use) in Europe/Rome, the colours, and a document that collects its own bytes. Their text is drawn by
 * `pdf-text.ts`, in the fonts of `pdf-fonts.ts`.
 */

export const PDF_MARGIN = 56;
export const PDF_COLORS: Readonly<Record<'text' | 'muted' | 'accent' | 'rule', string>> = {
  text: '#1a1a1a',
  muted: '#5c6f82',
  accent: '#0066cc',
  rule: '#c5c7c9',
};

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
    const locale = toLocale(language);
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
 * How a layout writes in its language: its texts (`t`), any value (`orNone`, the `none` mark when it is missing), the
 * language's formatters, and the footer for the moment the document was generated.
 */
export function pdfWriter<K extends string>(
  texts: Readonly<Record<K, string>> & CommonTexts,
  language: ServerLanguage,
) {
  const format = formattersFor(language);
  return {
    format,
    t: (key: K) => texts[key],
    orNone: (value: string | null | undefined) => (value && value.trim() ? value : texts.none),
    footer: (generatedAt: Date) => fill(texts.generatedAt, { date: formatInstant(generatedAt, format.dateTime) }),
  };
}

export interface PdfInfo {
  Title: string;
  Author: string;
  Subject: string;
}

/**
 * A new A4 document in `language` and the promise of its bytes, which settles when `doc.end()` is called. No default
 * font: every text goes through the text writer and its embedded fonts, so pdfkit's Helvetica is never loaded.
 */
export function newPdf(
  language: ServerLanguage,
  info: PdfInfo,
  generatedAt: Date,
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    lang: toLocale(language),
    displayTitle: true,
    // null, not a name: pdfkit then sets no font of its own (its types know only names and files).
    font: null as unknown as string,
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
