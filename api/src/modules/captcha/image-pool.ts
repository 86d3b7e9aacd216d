import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import type { create } from 'svg-captcha';
import { CAPTCHA_IMAGE_HEIGHT, CAPTCHA_IMAGE_WIDTH } from '@varco/contracts';
import { CAPTCHA_ALPHABET, randomCode } from './code';

/**
 * svg-captcha's main export draws a given text, but its typings declare only `create()`, which draws a text of its
 * own made with Math.random. Our codes come from the CSPRNG (code.ts), so the untyped function is taken as it is.
 */
const drawCaptcha = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  options: Parameters<typeof create>[0],
) => string;

/**
 * Captcha pictures made ahead of time. svg-captcha draws the code as paths (no font needed to read it) with noise
 * lines and colours; resvg rasterises the SVG to PNG, because the browser shows the image as a base64 PNG (docs/screens.md).
 * Rasterising takes milliseconds: it runs in libuv's thread pool (`renderAsync`), and pictures are made in the
 * background and kept in a small pool, so a request only takes one. Each picture is served once.
 */

interface CaptchaImage {
  code: string;
  pngB64: string;
}

export interface ImagePool {
  /** A picture from the pool, or one made now when a burst emptied it. */
  take(): Promise<CaptchaImage>;
  /** Starts filling the pool in the background, and keeps it full from then on. */
  fill(): void;
  size(): number;
  /** Stops refilling (the app is closing). */
  stop(): void;
}

async function renderCaptchaImage(code = randomCode()): Promise<CaptchaImage> {
  const svg = drawCaptcha(code, {
    width: CAPTCHA_IMAGE_WIDTH,
    height: CAPTCHA_IMAGE_HEIGHT,
    noise: 3,
    color: true,
    background: '#f5f7fa',
    charPreset: CAPTCHA_ALPHABET,
  });
  const png = await renderAsync(svg, { fitTo: { mode: 'original' } });
  return { code, pngB64: png.asPng().toString('base64') };
}

export function createImagePool(options: { capacity?: number; onError?: (error: unknown) => void } = {}): ImagePool {
  const capacity = options.capacity ?? 32;
  const images: CaptchaImage[] = [];
  let filling = false;
  let stopped = false;
  // Until fill() (a server that listens), each picture is drawn when taken: an app that only answers injected calls
  // (the tests build dozens) does not draw a pool of pictures for nobody.
  let keptFull = false;

  async function refill(): Promise<void> {
    if (filling || stopped) return;
    filling = true;
    try {
      // One at a time: the pool fills in a fraction of a second and never takes the whole thread pool (pg, fs use it).
      while (!stopped && images.length < capacity) images.push(await renderCaptchaImage());
    } catch (error) {
      options.onError?.(error);
    } finally {
      filling = false;
    }
  }

  return {
    async take() {
      const image = images.shift();
      if (keptFull) void refill();
      return image ?? renderCaptchaImage();
    },
    fill() {
      keptFull = true;
      void refill();
    },
    size: () => images.length,
    stop() {
      stopped = true;
    },
  };
}
