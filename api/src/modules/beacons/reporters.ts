import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** How long an instance remembers who reported what: a reporter counts once per key and period. */
export const REPORTER_PERIOD_MS = 60 * 60 * 1000;
/** Reporters remembered per key and period; a key that fills up starts its period again (its memory is bounded). */
export const REPORTERS_PER_KEY = 20_000;

/** The 16-bit groups of an IPv6 address, `::` expanded and a dotted IPv4 tail read as two groups; undefined if malformed. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const groups = [...start, ...Array.from({ length: 8 - start.length - end.length }, () => 0), ...end];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * Who sent a report, as the reporters are counted: an IPv4 address, or the /56 of an IPv6 one (a subscriber's
 * delegation, of which an attacker gets many addresses for one); an IPv4 address mapped into IPv6 is the IPv4 one.
 */
export function reporterOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}:${(groups[3]! >> 8).toString(16)}00::/56`;
}

/**
 * Distinct reporters per key (an app version and what they reported), within a period: `firstSighting` tells whether a
 * reporter is new for a key, so that a counter of them counts each reporter once per period. Nothing of the address is
 * kept: only 48 bits of an HMAC under a key drawn for the period, forgotten with it; at most REPORTERS_PER_KEY of them
 * per key. A report counts once for its sender however many it sends: the canary report asks for many reporters.
 */
export function createReporterCounts(options: { now?: () => number; periodMs?: number; perKey?: number } = {}) {
  const now = options.now ?? Date.now;
  const periodMs = options.periodMs ?? REPORTER_PERIOD_MS;
  const perKey = options.perKey ?? REPORTERS_PER_KEY;
  let period = -1;
  let secret = randomBytes(32);
  const seen = new Map<string, Set<number>>();

  return {
    /** A reporter's hash in this period (of `reporterOf`): one per report, for each of its keys. */
    reporter(ip: string): number {
      const current = Math.floor(now() / periodMs);
      if (current !== period) {
        period = current;
        secret = randomBytes(32);
        seen.clear();
      }
      return createHmac('sha256', secret).update(reporterOf(ip)).digest().readUIntBE(0, 6);
    },

    /** Whether `reporter` (of `reporter()`) is new for `key` in this period; it is remembered from now on. */
    firstSighting(key: string, reporter: number): boolean {
      let reporters = seen.get(key);
      if (!reporters || reporters.size >= perKey) seen.set(key, (reporters = new Set()));
      if (reporters.has(reporter)) return false;
      reporters.add(reporter);
      return true;
    },

    /** Forgets a key (its version is no longer counted by name). */
    forget(prefix: string): void {
      for (const key of seen.keys()) if (key.startsWith(prefix)) seen.delete(key);
    },
  };
}
