import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import arial from '@capsizecss/metrics/arial';
import lora from '@capsizecss/metrics/lora';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import titilliumWeb from '@capsizecss/metrics/titilliumWeb';

type Metrics = typeof arial;

const css = readFileSync(join(__dirname, 'fonts.css'), 'utf8');
const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`;

/** The overrides that make `fallback` take the room of `face`: same average width, same ascent, descent and gap. */
function overrides(face: Metrics, fallback: Metrics) {
  const sizeAdjust = face.xWidthAvg / face.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': percent(face.ascent / face.unitsPerEm / sizeAdjust),
    'descent-override': percent(Math.abs(face.descent) / face.unitsPerEm / sizeAdjust),
    'line-gap-override': percent(face.lineGap / face.unitsPerEm / sizeAdjust),
  };
}

function declared(family: string): Record<string, string> {
  const block = new RegExp(`@font-face \\{\\s*font-family: '${family}';([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/([a-z-]+-(?:adjust|override)): ([^;]+);/g)].map(([, name, value]) => [name, value]),
  );
}

describe('the fallback faces', () => {
  it.each([
    ['Titillium Web Fallback', titilliumWeb, arial],
    ['Lora Fallback', lora, timesNewRoman],
  ])('%s takes the room of its typeface', (family, face, fallback) => {
    expect(declared(family)).toEqual(overrides(face, fallback));
  });

  it('come right after their typeface wherever the design system names it', () => {
    expect(css).toContain("--bs-font-sans-serif: 'Titillium Web', 'Titillium Web Fallback',");
    expect(css).toContain("font-family: 'Lora', 'Lora Fallback',");
  });
});
