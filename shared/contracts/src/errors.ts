import * as z from 'zod/mini';

/** The body of every error answered by the api (docs/calls.md): a detail and per-field messages. */
export const apiErrorSchema = z.object({
  detail: z.string(),
  extra: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
