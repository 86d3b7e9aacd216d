/**
 * Minimal WAV (RIFF, PCM 16-bit mono) reading and writing: the audio of a code is built by joining pre-synthesized
 * letters, which is a copy of samples and a new 44-byte header, instead of running speech synthesis per request.
 */

export interface Pcm16 {
  sampleRate: number;
  samples: Int16Array;
}

const HEADER_BYTES = 44;

/** Reads a mono 16-bit PCM WAV, walking the chunks (a `LIST` chunk may sit before `data`). */
export function parseWav(wav: Uint8Array): Pcm16 {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4));
  if (wav.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= wav.byteLength) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const bits = view.getUint16(body + 14, true);
      if (format !== 1 || channels !== 1 || bits !== 16)
        throw new Error(`unsupported WAV format ${format}/${channels} ch/${bits} bit`);
      sampleRate = view.getUint32(body + 4, true);
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data before its format');
      const length = Math.min(size, wav.byteLength - body) >> 1;
      const samples = new Int16Array(length);
      for (let index = 0; index < length; index += 1) samples[index] = view.getInt16(body + index * 2, true);
      return { sampleRate, samples };
    }
    offset = body + size + (size & 1); // chunks are padded to an even size
  }
  throw new Error('WAV without data');
}

/** The samples without the quiet head and tail that the synthesizer leaves around a word. */
export function trimSilence(samples: Int16Array, threshold = 300): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]!) < threshold) start += 1;
  while (end > start && Math.abs(samples[end - 1]!) < threshold) end -= 1;
  return samples.subarray(start, end);
}

/**
 * The samples at half the rate, each output sample the mean of two inputs (a crude low-pass that avoids aliasing
 * hiss). eSpeak writes 22050 Hz; 11025 Hz keeps spelled letters clear (telephones use 8000) at half the bytes.
 */
export function halveRate(samples: Int16Array): Int16Array {
  const halved = new Int16Array(samples.length >> 1);
  for (let index = 0; index < halved.length; index += 1)
    halved[index] = (samples[index * 2]! + samples[index * 2 + 1]!) >> 1;
  return halved;
}

/** One WAV of `parts` played in order, `gapSeconds` of silence before, between and after them. */
export function joinWav(parts: readonly Int16Array[], sampleRate: number, gapSeconds: number): Buffer {
  const gap = Math.round(sampleRate * gapSeconds);
  const sampleCount = parts.reduce((sum, part) => sum + part.length, 0) + gap * (parts.length + 1);
  const dataBytes = sampleCount * 2;
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes); // zero-filled: the gaps are already silence
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  let offset = HEADER_BYTES + gap * 2;
  for (const part of parts) {
    // Buffer and Int16Array are both little-endian on every platform Node supports for this api (x64, arm64).
    Buffer.from(part.buffer, part.byteOffset, part.byteLength).copy(wav, offset);
    offset += part.byteLength + gap * 2;
  }
  return wav;
}
