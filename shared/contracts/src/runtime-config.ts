import * as z from 'zod/mini';

/** A URL, absolute (https://...) or a path on the page's own origin (/api). */
const isUrlOrPath = (value: string) => value.startsWith('/') || /^https?:\/\/[^\s]+$/.test(value);
const urlOrPath = z.string().check(z.refine(isUrlOrPath, 'must be an http(s) URL or a path starting with /'));

const manifestUrl = z
  .string()
  .check(z.refine(isUrlOrPath, 'must be an http(s) URL or a path starting with /'), z.refine((value) => value.endsWith('/mf-manifest.json'), 'must point to an mf-manifest.json'));

const perLanguage = z.object({ it: urlOrPath, en: urlOrPath });

export const REMOTE_NAMES = ['mfAuth', 'mfInvoices', 'mfVisa', 'mfNotifications'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * A canary: a candidate release of one remote, served to a share (0-100 %) of browsers instead of that remote's line.
 * Each browser keeps its draw, so a traveler does not flip between versions; removing this entry ends the canary.
 */
export const canarySchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  manifest: manifestUrl,
  share: z.number().check(z.gte(0), z.lte(100)),
});
export type Canary = z.infer<typeof canarySchema>;

/**
 * The configuration the shell reads at start (`/config.json`, never cached): where the api is and where each
 * remote's manifest is. Shipping a remote means changing one line of it; the shell is not rebuilt.
 */
export const runtimeConfigSchema = z.object({
  environment: z.string().check(z.minLength(1)),
  apiBaseUrl: urlOrPath,
  remotes: z.object({
    mfAuth: manifestUrl,
    mfInvoices: manifestUrl,
    mfVisa: manifestUrl,
    mfNotifications: manifestUrl,
  }),
  canary: z.optional(canarySchema),
  links: z.object({
    assistance: urlOrPath,
    accessibility: perLanguage,
    privacy: perLanguage,
    contacts: perLanguage,
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Turns a validation failure into one line per problem, for the start-up error and the logs. */
export function describeConfigIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}
