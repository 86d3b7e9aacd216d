import * as z from 'zod/mini';
import {
  BEACON_APPS,
  BEACON_MAX_EVENTS,
  BEACON_PAGES,
  BEACON_VERSION_PATTERN,
  REMOTE_FAILURE_REASONS,
} from '@varco/contracts/plain';
import { text } from './text';

/** The release that drew what an event is about: an app, its version, and whether it was the canary's candidate. */
const release = {
  app: z.enum(BEACON_APPS),
  version: text().check(z.regex(BEACON_VERSION_PATTERN)),
  canary: z.boolean(),
};

/** A Core Web Vital of one page view (web-vitals): LCP and INP in milliseconds, CLS unitless. */
const vitalEvent = z.strictObject({
  type: z.literal('vital'),
  name: z.enum(['LCP', 'INP', 'CLS']),
  value: z.number().check(z.gte(0), z.lte(600_000)),
  page: z.enum(BEACON_PAGES),
  ...release,
});

/** One load of a remote by the shell: shown, or not and why. */
const remoteLoadEvent = z.strictObject({
  type: z.literal('remote-load'),
  outcome: z.enum(['ok', 'failed']),
  reason: z.optional(z.enum(REMOTE_FAILURE_REASONS)),
  ...release,
});

/** A count of calls: its bounds checked before it is an integer, so that 1e20 is told the bound, not the safe range. */
const callCount = z.number().check(z.gte(0), z.lte(1000), z.int());

/** The api calls made while a page of a release was shown, counted by outcome (failed: 5xx, or no answer). */
const apiCallsEvent = z.strictObject({
  type: z.literal('api-calls'),
  page: z.enum(BEACON_PAGES),
  ok: callCount,
  failed: callCount,
  ...release,
});

export const beaconEventSchema = z.discriminatedUnion('type', [vitalEvent, remoteLoadEvent, apiCallsEvent]);
export type BeaconEvent = z.infer<typeof beaconEventSchema>;

/** A browser's report: no session, no personal data, only what the events above carry. */
export const beaconSchema = z.strictObject({
  events: z.array(beaconEventSchema).check(z.minLength(1), z.maxLength(BEACON_MAX_EVENTS)),
});
export type Beacon = z.infer<typeof beaconSchema>;
