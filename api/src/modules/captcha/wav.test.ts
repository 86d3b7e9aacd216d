import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CAPTCHA_ALPHABET, normaliseAnswer, randomCode } from './code';
import { halveRate, joinWav, parseWav, trimSilence } from './wav';

it('draws codes of 5 characters from an alphabet without look-alikes', () => {
  for (const character of '0O1Il') assert.ok(!CAPTCHA_ALPHABET.includes(character), character);
  const codes = Array.from({ length: 200 }, () => randomCode());
  for (const code of codes) assert.match(code, /^[A-HJ-NP-Z2-9]{5}$/);
  assert.ok(new Set(codes).size > 190, 'codes vary');
  assert.equal(normaliseAnswer('  ab3cd '), 'AB3CD');
});

it('joins PCM parts into a valid WAV with silence around them, and reads it back', () => {
  const wav = joinWav([Int16Array.from([1000, -1000]), Int16Array.from([5, 6, 7])], 8000, 0.001);
  assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
  assert.equal(wav.readUInt32LE(4), wav.length - 8);
  assert.equal(wav.toString('ascii', 8, 16), 'WAVE' + 'fmt ');
  assert.equal(wav.readUInt32LE(40), wav.length - 44);
  const gap = 8; // 8000 Hz * 1 ms
  const { sampleRate, samples } = parseWav(wav);
  assert.equal(sampleRate, 8000);
  assert.equal(samples.length, 5 + gap * 3);
  assert.deepEqual(Array.from(samples.subarray(gap, gap + 2)), [1000, -1000]);
  assert.deepEqual(Array.from(samples.subarray(gap * 2 + 2, gap * 2 + 5)), [5, 6, 7]);
  // The quiet part (5, 6, 7) is below the threshold: only the loud samples remain.
  assert.deepEqual(Array.from(trimSilence(samples)), [1000, -1000]);
  assert.deepEqual(Array.from(halveRate(Int16Array.from([100, 200, -300, -301, 7]))), [150, -301]);
  assert.throws(() => parseWav(Buffer.from('not a wav at all')), /RIFF/);
});
