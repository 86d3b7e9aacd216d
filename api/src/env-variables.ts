import { z } from 'zod';

// The rules that the api's environment variables share (config.ts, telemetry/settings.ts).

/** An unset variable and an empty one mean the same. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** An http(s) URL, and whatever `also` asks more of it; else `message`. */
export const httpUrl = (message: string, also: (url: URL, value: string) => boolean = () => true) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && also(url, value);
      } catch {
        return false;
      }
    }, message);
