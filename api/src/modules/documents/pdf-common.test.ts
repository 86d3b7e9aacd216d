import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pdfWriter } from './pdf-common';

describe('PDF writer', () => {
  const texts = { title: 'Città – “Varco”', none: '—', generatedAt: 'Generato il {date}.' };

  it('writes texts and values in WinAnsi, a missing value as the none mark', () => {
    const { t, orNone } = pdfWriter<keyof typeof texts>(texts, 'IT');
    assert.equal(t('title'), 'Città – “Varco”');
    assert.equal(orNone('東京'), '??');
    assert.equal(orNone('  '), '—');
    assert.equal(orNone(null), '—');
  });

  it("dates the footer in Rome, in the document's language", () => {
    // 23:30 UTC on 15 January is 00:30 on the 16th in Rome.
    const footer = pdfWriter(texts, 'IT').footer(new Date('2026-01-15T23:30:00Z'));
    assert.equal(footer, 'Generato il 16 gennaio 2026 alle ore 00:30.');
  });
});
