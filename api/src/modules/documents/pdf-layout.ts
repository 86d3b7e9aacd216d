import type { ServerLanguage } from '@varco/contracts';
import { PDF_COLORS, PDF_MARGIN } from './pdf-common';
import { createTextWriter, type Align, type Paragraph, type TextStyle } from './pdf-text';

/**
 * The one layout of the agency's PDFs (the invoice release and the visa request), in PDF points (A4 is 595.28 ×
 * 841.89): a header (title, issuer, a thick rule), section headings, label/value rows, and on every page a footer with
 * the generation time (and the page number, for documents that may take several). It follows the language's writing
 * direction: in Arabic the text starts on the right and the columns are mirrored (labels on the right, values on their
 * left). `y` is where the next block starts; a block that no longer fits starts a new page.
 */

export interface PdfLayoutOptions {
  /** The width of the labels' column in label/value rows. */
  labelWidth: number;
  /** The footer's text (when the document was made). */
  footerText: string;
  /** The page number's text, for documents that may continue on further pages. */
  pageText?: (page: number) => string;
}

export type PdfRow = readonly [label: string, value: string];

/** The styles of the layout's texts, for the blocks a document draws itself. */
export const PDF_STYLES = {
  title: { weight: 'bold', size: 19, color: PDF_COLORS.text },
  issuer: { weight: 'regular', size: 10.5, color: PDF_COLORS.muted },
  heading: { weight: 'bold', size: 12.5, color: PDF_COLORS.accent },
  label: { weight: 'regular', size: 10, color: PDF_COLORS.muted },
  value: { weight: 'bold', size: 10.5, color: PDF_COLORS.text },
  body: { weight: 'regular', size: 10.5, color: PDF_COLORS.text },
  notice: { weight: 'bold', size: 11.5, color: PDF_COLORS.accent },
  footer: { weight: 'regular', size: 8.5, color: PDF_COLORS.muted },
} as const satisfies Record<string, TextStyle>;

const GAP = 12;
/** Room kept above the footer. */
const FOOTER_SPACE = 36;
const PAGE_NUMBER_WIDTH = 80;

export function createPdfLayout(doc: PDFKit.PDFDocument, language: ServerLanguage, options: PdfLayoutOptions) {
  const writer = createTextWriter(doc, language);
  const rtl = writer.direction === 'rtl';
  const left = PDF_MARGIN;
  const width = doc.page.width - 2 * PDF_MARGIN;
  let page = 1;

  const layout = {
    left,
    width,
    rtl,
    y: PDF_MARGIN,

    /** The left edge of a box `offset` points from the side where lines start (the right one in Arabic). */
    x(offset: number, boxWidth: number): number {
      return rtl ? left + width - offset - boxWidth : left + offset;
    },

    /** `text` laid out in lines of at most `boxWidth`, to measure before drawing (see `TextWriter.lay`). */
    lay(text: string, style: TextStyle, boxWidth: number, base: 'document' | 'auto' = 'document'): Paragraph {
      return writer.lay(text, style, boxWidth, base);
    },

    /** `text` in the box `offset` points from the start side, from `top`; returns its height. */
    text(
      text: string,
      style: TextStyle,
      top: number,
      { offset = 0, boxWidth = width, align = 'start' as Align, base = 'document' as 'document' | 'auto' } = {},
    ): number {
      const paragraph = writer.lay(text, style, boxWidth, base);
      paragraph.draw(layout.x(offset, boxWidth), top, align);
      return paragraph.height;
    },

    rule(at: number, color = PDF_COLORS.rule, lineWidth = 0.75) {
      doc
        .save()
        .moveTo(left, at)
        .lineTo(left + width, at)
        .lineWidth(lineWidth)
        .strokeColor(color)
        .stroke()
        .restore();
    },

    /** The footer of the current page, inside the bottom margin. */
    footer() {
      const footerY = doc.page.height - PDF_MARGIN + 12;
      layout.rule(footerY - 8, PDF_COLORS.rule, 0.5);
      const textWidth = options.pageText ? width - PAGE_NUMBER_WIDTH : width;
      layout.text(options.footerText, PDF_STYLES.footer, footerY, { boxWidth: textWidth });
      if (options.pageText) {
        const pageText = options.pageText(page);
        layout.text(pageText, PDF_STYLES.footer, footerY, {
          offset: textWidth,
          boxWidth: PAGE_NUMBER_WIDTH,
          align: 'end',
        });
      }
    },

    /** A new page (after this one's footer) when `height` points no longer fit. */
    ensure(height: number) {
      if (layout.y + height <= doc.page.height - PDF_MARGIN - FOOTER_SPACE) return;
      layout.footer();
      doc.addPage();
      page += 1;
      layout.y = PDF_MARGIN;
    },

    /** The title, the issuer under it, a thick accent rule. */
    header(title: string, issuer: string) {
      layout.y += layout.text(title, PDF_STYLES.title, layout.y) + 2;
      layout.y += layout.text(issuer, PDF_STYLES.issuer, layout.y) + 6;
      layout.rule(layout.y, PDF_COLORS.accent, 2);
      layout.y += 4;
    },

    /** A section's title over a thin rule, on a new page unless some of the section fits under it. */
    heading(text: string) {
      layout.ensure(60);
      layout.y += 14;
      layout.y += layout.text(text, PDF_STYLES.heading, layout.y) + 1;
      layout.rule(layout.y);
      layout.y += 7;
    },

    /** Label/value rows: the label muted at the start, the value bold after it (in its own direction), both wrapping. */
    rows(items: readonly PdfRow[]) {
      const valueWidth = width - options.labelWidth - GAP;
      for (const [label, value] of items) {
        const labelText = writer.lay(label, PDF_STYLES.label, options.labelWidth);
        const valueText = writer.lay(value, PDF_STYLES.value, valueWidth, 'auto');
        const height = Math.max(labelText.height, valueText.height);
        layout.ensure(height);
        labelText.draw(layout.x(0, options.labelWidth), layout.y + 0.5);
        valueText.draw(layout.x(options.labelWidth + GAP, valueWidth), layout.y);
        layout.y += height + 3;
      }
    },

    /** Ends the document: the last page's footer, then the bytes. */
    end() {
      layout.footer();
      doc.end();
    },
  };
  return layout;
}
