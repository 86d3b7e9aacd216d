import { PDF_COLORS, PDF_MARGIN } from './pdf-common';

/**
 * The one layout of the agency's PDFs (the invoice release and the visa request), in PDF points (A4 is 595.28 ×
 * 841.89): a header (title, issuer, a thick rule), section headings, label/value rows, and on every page a footer with
 * the generation time (and the page number, for documents that may take several). Texts are given already through
 * `toWinAnsi`. `y` is where the next block starts; a block that no longer fits starts a new page.
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

const GAP = 12;
/** Room kept above the footer. */
const FOOTER_SPACE = 36;
const PAGE_NUMBER_WIDTH = 80;

export function createPdfLayout(doc: PDFKit.PDFDocument, options: PdfLayoutOptions) {
  const left = PDF_MARGIN;
  const width = doc.page.width - 2 * PDF_MARGIN;
  let page = 1;

  const layout = {
    left,
    width,
    y: PDF_MARGIN,

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

    /** The footer of the current page, drawn inside the bottom margin so that it never starts a page of its own. */
    footer() {
      const footerY = doc.page.height - PDF_MARGIN + 12;
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      layout.rule(footerY - 8, PDF_COLORS.rule, 0.5);
      doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted);
      const textWidth = options.pageText ? width - PAGE_NUMBER_WIDTH : width;
      doc.text(options.footerText, left, footerY, { width: textWidth, lineBreak: false });
      if (options.pageText) {
        doc.text(options.pageText(page), left + textWidth, footerY, {
          width: PAGE_NUMBER_WIDTH,
          align: 'right',
          lineBreak: false,
        });
      }
      doc.page.margins.bottom = bottomMargin;
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
      doc.font('Helvetica-Bold').fontSize(19).fillColor(PDF_COLORS.text).text(title, left, layout.y, { width });
      layout.y = doc.y + 4;
      doc.font('Helvetica').fontSize(10.5).fillColor(PDF_COLORS.muted).text(issuer, left, layout.y, { width });
      layout.y = doc.y + 8;
      layout.rule(layout.y, PDF_COLORS.accent, 2);
      layout.y += 4;
    },

    /** A section's title over a thin rule, on a new page unless some of the section fits under it. */
    heading(text: string) {
      layout.ensure(60);
      layout.y += 16;
      doc
        .font('Helvetica-Bold')
        .fontSize(12.5)
        .fillColor(PDF_COLORS.accent)
        .text(text, left, layout.y, { width, lineBreak: false });
      layout.y += 18;
      layout.rule(layout.y);
      layout.y += 8;
    },

    /** Label/value rows: the label muted on the left, the value bold on its right, both wrapping. */
    rows(items: readonly PdfRow[]) {
      const valueX = left + options.labelWidth + GAP;
      const valueWidth = width - options.labelWidth - GAP;
      for (const [label, value] of items) {
        doc.font('Helvetica').fontSize(10);
        const labelHeight = doc.heightOfString(label, { width: options.labelWidth });
        doc.font('Helvetica-Bold').fontSize(10.5);
        const valueHeight = doc.heightOfString(value, { width: valueWidth });
        layout.ensure(Math.max(labelHeight, valueHeight));
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(PDF_COLORS.muted)
          .text(label, left, layout.y + 0.5, { width: options.labelWidth });
        doc
          .font('Helvetica-Bold')
          .fontSize(10.5)
          .fillColor(PDF_COLORS.text)
          .text(value, valueX, layout.y, { width: valueWidth });
        layout.y += Math.max(labelHeight, valueHeight) + 6;
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
