/**
 * A GET a remote's widget or page makes as soon as it mounts, declared in its manifest for the shell to start early
 * (docs/architecture.md, "The first screen does not wait in line"). `language: true` adds the page's language as the
 * `language` query parameter; a page's call names its `route` below the remote's mount (`:id`, a positive whole
 * number), whose parameters fill the `{id}` of its path.
 */
export interface FirstScreenCall {
  path: string;
  searchParams?: Record<string, string | number>;
  language?: boolean;
  route?: string;
}

/** What a remote's `first-screen-calls.json` holds: the calls of each exposed module that makes any. */
export type FirstScreenCalls = Record<string, FirstScreenCall[]>;

/** No scheme, no host, no `..`, no query: only a path below the api base URL can be called. */
const CALL_PATH = /^[a-z0-9][a-z0-9/_-]{0,200}$/i;
/** A declared path: the same, with `{name}` parameters. */
const DECLARED_PATH = /^[a-z0-9][a-z0-9/_{}-]{0,200}$/i;
const ROUTE = /^[a-z0-9/:_-]{0,100}$/i;
/** What a route parameter may be: a positive whole number of at most ten digits. */
const ROUTE_PARAMETER = /^[1-9][0-9]{0,9}$/;
const MAX_CALLS = 8;

function isCall(value: unknown): value is FirstScreenCall {
  if (typeof value !== 'object' || value === null) return false;
  const { path, searchParams, language, route } = value as Record<string, unknown>;
  if (typeof path !== 'string' || !(route === undefined ? CALL_PATH : DECLARED_PATH).test(path)) return false;
  if (route !== undefined && (typeof route !== 'string' || !ROUTE.test(route))) return false;
  if (language !== undefined && typeof language !== 'boolean') return false;
  if (searchParams === undefined) return true;
  if (typeof searchParams !== 'object' || searchParams === null || Array.isArray(searchParams)) return false;
  return Object.values(searchParams).every(
    (param) => typeof param === 'string' || (typeof param === 'number' && Number.isFinite(param)),
  );
}

/**
 * The well-formed calls a manifest declares for these exposed modules (anything else is ignored: a manifest is read
 * from the network), at most a handful.
 */
export function firstScreenCallsOf(declared: unknown, exposes: readonly string[]): FirstScreenCall[] {
  if (typeof declared !== 'object' || declared === null) return [];
  const byExpose = declared as Record<string, unknown>;
  return exposes
    .flatMap((expose) => (Array.isArray(byExpose[expose]) ? (byExpose[expose] as unknown[]) : []))
    .filter(isCall)
    .slice(0, MAX_CALLS);
}

/**
 * The call to make for `call` on a page whose address below the remote's mount is `below` (undefined for a widget): a
 * widget's call as it is; a page's call only when its route matches, its parameters put in its path; else undefined.
 */
export function firstScreenCallAt(call: FirstScreenCall, below: string | undefined): FirstScreenCall | undefined {
  if (call.route === undefined) return call;
  if (below === undefined) return undefined;
  const pattern = call.route.split('/').filter(Boolean);
  const segments = below.split('/').filter(Boolean);
  if (pattern.length !== segments.length) return undefined;
  const parameters = new Map<string, string>();
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index]!;
    if (!part.startsWith(':')) {
      if (part !== segment) return undefined;
    } else if (ROUTE_PARAMETER.test(segment)) parameters.set(part.slice(1), segment);
    else return undefined;
  }
  const path = call.path.replace(/\{([a-z0-9_]+)\}/gi, (_, name: string) => parameters.get(name) ?? '{}');
  if (!CALL_PATH.test(path)) return undefined;
  return {
    path,
    ...(call.searchParams ? { searchParams: call.searchParams } : {}),
    ...(call.language ? { language: true } : {}),
  };
}
