import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formattersFor, pdfWriter } from './pdf-common';

describe('PDF writer', () => {
  const texts = { title: 'Città – “Varco”', none: '—', generatedAt: 'Generato il {date}.' };

  it('writes texts and values as they are (the fonts have every script), a missing value as the none mark', () => {
    const { t, orNone } = pdfWriter<keyof typeof texts>(texts, 'IT');
    assert.equal(t('title'), 'Città – “Varco”');
    assert.equal(orNone('東京 Erdős'), '東京 Erdős');
    assert.equal(orNone('  '), '—');
    assert.equal(orNone(null), '—');
  });

  it("dates the footer in Rome, in the document's language", () => {
    // 23:30 UTC on 15 January is 00:30 on the 16th in Rome.
    const footer = pdfWriter(texts, 'IT').footer(new Date('2026-01-15T23:30:00Z'));
    assert.equal(footer, 'Generato il 16 gennaio 2026 alle ore 00:30.');
  });

  it("formats numbers, dates and hours by the language's locale, as the pages do", () => {
    const instant = new Date('2026-01-15T23:30:00Z');
    assert.equal(formattersFor('DE').money.format(1234.56), '1.234,56\u00a0€');
    assert.equal(formattersFor('FR').money.format(1234.56), '1\u202f234,56\u00a0€');
    assert.equal(formattersFor('JA').dateTime.format(instant), '2026年1月16日 0:30');
    assert.equal(formattersFor('ZH-HANS').day.format(instant), '2026年1月16日');
    assert.equal(formattersFor('RU').day.format(instant), '16 января 2026 г.');
    assert.equal(formattersFor('AR').money.format(1234.56), '\u200f1,234.56\u00a0€');
    assert.equal(formattersFor('TR').money.format(1234.56), '€1.234,56');
  });
});
