import assert from 'node:assert/strict';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { toWinAnsi } from './pdf-common';

// The layouts' tests read what they rendered back out of the PDF (with pdf.js), and check their texts alike.

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

/** A layout's texts: the same keys in both languages, none empty, every character one the standard font can show. */
export function assertLayoutTexts(texts: Readonly<Record<'IT' | 'EN', Readonly<Record<string, string>>>>): void {
  assert.deepEqual(Object.keys(texts.IT).sort(), Object.keys(texts.EN).sort());
  for (const language of [texts.IT, texts.EN]) {
    for (const [key, value] of Object.entries(language)) {
      assert.ok(value.trim().length > 0, `${key} is empty`);
      assert.equal(toWinAnsi(value), value, `${key} has a character the standard font cannot show`);
    }
  }
}
