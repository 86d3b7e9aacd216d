/** Base paths of the calls (docs/calls.md), relative to the api base URL of the runtime configuration. */
export const PUBLIC_BASE = 'v1/public';
export const PRIVATE_BASE = 'v1/private';
/** The identity calls (login-custom, login-spid, logout); docs/calls.md leaves their base open. */
export const IDENTITY_BASE = 'v1/auth';
/** Where the api itself mounts everything. The runtime configuration's apiBaseUrl points here. */
export const API_PREFIX = '/api';
