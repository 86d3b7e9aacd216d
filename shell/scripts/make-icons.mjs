// Draws the icons of the web app manifest from the agency logo's mark (src/assets/agency-logo.svg: the V in its
// rounded square), in the design system's primary blue. Run once after the logo changes; the PNGs are committed in
// public/icons/ (webpack copies them into the build).
// Usage: node shell/scripts/make-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const shellDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PRIMARY = '#0066cc';

/** The V of the logo: its path and stroke, read from the logo so that the icon follows it. */
function logoMark() {
  const logo = readFileSync(join(shellDir, 'src/assets/agency-logo.svg'), 'utf8');
  const path = /<path d="([^"]+)"[^>]*stroke-width="([0-9.]+)"/.exec(logo);
  const square = /<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)"/.exec(logo);
  if (!path || !square) throw new Error('agency-logo.svg: the mark (rect + path) was not found');
  return {
    d: path[1],
    strokeWidth: Number(path[2]),
    x: Number(square[1]),
    y: Number(square[2]),
    size: Number(square[3]),
  };
}

/**
 * An icon: the mark white on blue. `any` icons keep the logo's rounded square; a maskable one fills the whole square
 * (the platform cuts its own shape) with the mark inside the safe zone, the central 80 %.
 */
function iconSvg({ maskable }) {
  const mark = logoMark();
  const scale = maskable ? 0.7 : 1;
  const offset = (mark.size * (1 - scale)) / 2;
  const radius = maskable ? 0 : mark.size * 0.22;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.x} ${mark.y} ${mark.size} ${mark.size}">
  <rect x="${mark.x}" y="${mark.y}" width="${mark.size}" height="${mark.size}" rx="${radius}" fill="${PRIMARY}"/>
  <g transform="translate(${mark.x + offset} ${mark.y + offset}) scale(${scale}) translate(${-mark.x} ${-mark.y})">
    <path d="${mark.d}" fill="none" stroke="#ffffff" stroke-width="${mark.strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS rounds the corners itself and shows no transparency: the full square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

for (const icon of ICONS) {
  const png = new Resvg(iconSvg(icon), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(join(shellDir, 'public/icons', icon.file), png);
  console.log(`public/icons/${icon.file} ${icon.size}×${icon.size}`);
}
