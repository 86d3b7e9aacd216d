/**
 * What a browser's report (the beacon, docs/calls.md) may name. Every label is from a closed list or a bounded
 * pattern: the reports are public, and a metric's label values must not be chosen by whoever posts one.
 */
export const BEACON_PATH = 'v1/public/beacons';

/** The pages a report names: the shell's own and each mount of a remote (shared/federation-contract REMOTE_MOUNTS). */
export const BEACON_PAGES = [
  'welcome',
  'howto',
  'home',
  'server-error',
  'sign-up',
  'sign-in',
  'recover-password',
  'change-password',
  'edit-user',
  'invoices',
  'visas',
  'notifications',
] as const;
export type BeaconPage = (typeof BEACON_PAGES)[number];

/** Who draws a page: the shell, or one of the remotes (federation-contract REMOTE_NAMES). */
export const BEACON_APPS = ['shell', 'mfAuth', 'mfInvoices', 'mfVisa', 'mfNotifications'] as const;
export type BeaconApp = (typeof BEACON_APPS)[number];

/** Why a remote did not show: its files did not arrive, it arrived late, its contract was refused, it threw. */
export const REMOTE_FAILURE_REASONS = ['network', 'timeout', 'contract', 'render'] as const;
export type RemoteFailureReason = (typeof REMOTE_FAILURE_REASONS)[number];

/** A release's version as the CDN publishes it (semver, at most 32 characters). */
export const BEACON_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z.-]{1,16})?$/;

/** The most events one report carries (the shell sends sooner when it has this many). */
export const BEACON_MAX_EVENTS = 50;
