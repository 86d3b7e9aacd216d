import * as z from 'zod/mini';

/** The body of every error answered by the api (docs/calls.md): a detail and per-field messages. */
export const apiErrorSchema = z.object({
  detail: z.string(),
  extra: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Every failure seen by the browser, normalised by `@varco/http`. status is -1000 for a network error. */
export interface ClientError {
  status: number;
  detail: string;
  extra: Record<string, string>;
  type?: 'network-error' | 'http-error' | 'invalid-response';
}
