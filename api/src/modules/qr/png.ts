import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * The QR code of a token as a PNG. `qrcode` builds the symbol (byte mode, error correction M: up to 15 % of the
 * symbol may be damaged or covered, e.g. by a crease or a phone's glare); the PNG is written here, one bit per pixel,
 * because qrcode's own PNG output (RGBA through pngjs) costs many times more a code (bench/qr.ts).
 */

const QR_TARGET_PX = 300;
/** The quiet zone the standard asks for, in modules. */
const QR_MARGIN_MODULES = 4;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A black-on-white 1-bit grayscale PNG of a square matrix (`dark(row, col)`), `scale` pixels per module. */
function matrixPng(
  size: number,
  dark: (row: number, col: number) => boolean,
  scale: number,
  margin = QR_MARGIN_MODULES,
): Buffer {
  const modules = size + 2 * margin;
  const width = modules * scale;
  const rowBytes = Math.ceil(width / 8);
  const raw = Buffer.alloc((rowBytes + 1) * width, 0);
  for (let moduleRow = 0; moduleRow < modules; moduleRow++) {
    // One pixel row of this module row (filter byte 0, then the bits; 1 = white), copied `scale` times.
    const line = Buffer.alloc(rowBytes + 1, 0xff);
    line[0] = 0;
    for (let moduleCol = 0; moduleCol < modules; moduleCol++) {
      const row = moduleRow - margin;
      const col = moduleCol - margin;
      if (row < 0 || col < 0 || row >= size || col >= size || !dark(row, col)) continue;
      for (let x = moduleCol * scale; x < (moduleCol + 1) * scale; x++) line[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    // Padding bits past the width stay white (1): harmless.
    for (let i = 0; i < scale; i++) line.copy(raw, (moduleRow * scale + i) * (rowBytes + 1));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The QR code of `text` as a PNG of about 300 px (a whole number of pixels per module). */
export function qrPng(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.max(1, Math.round(QR_TARGET_PX / (modules.size + 2 * QR_MARGIN_MODULES)));
  return matrixPng(modules.size, (row, col) => modules.get(row, col) === 1, scale);
}
