// The metric names the rules and the dashboard may use, and the names a PromQL expression uses: their tests check that
// neither refers to a family nobody exports (a rename in the api would otherwise leave an alert silent forever).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const RULES_FILE = join(HERE, 'varco.rules.yml');
export const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

/** What Prometheus itself writes for every target. */
export const PROMETHEUS_SERIES = ['up', 'scrape_duration_seconds'];

/** The api's families (api-metrics.json), with the series a histogram is written as. */
export function apiMetricNames() {
  const { families, defaultFamilies } = JSON.parse(readFileSync(join(HERE, 'api-metrics.json'), 'utf8'));
  const names = Object.entries(families).flatMap(([name, { type }]) =>
    type === 'histogram' ? [name, `${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
  );
  return [...names, ...defaultFamilies];
}

/** The rule groups of varco.rules.yml. */
export function ruleGroups() {
  return parse(readFileSync(RULES_FILE, 'utf8')).groups;
}

export function recordedNames(groups = ruleGroups()) {
  return groups.flatMap((group) => group.rules.filter((rule) => rule.record).map((rule) => rule.record));
}

/** Every name the rules and the dashboard may use. */
export function knownMetricNames() {
  return new Set([...apiMetricNames(), ...recordedNames(), ...PROMETHEUS_SERIES]);
}

// group_left and group_right may go without their list of labels.
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'group_left', 'group_right']);

/**
 * The metric names of a PromQL expression: its identifiers once strings, label matchers, label lists (by, without,
 * on, ignoring, group_left, group_right), ranges and numbers are taken out, and functions (a name before a bracket).
 */
export function metricNamesOf(expr) {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\boffset\s+\w+/g, ' ');
  const names = new Set();
  for (const match of bare.matchAll(/(?<![\w:.])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    if (match[2] || KEYWORDS.has(match[1].toLowerCase())) continue;
    names.add(match[1]);
  }
  return [...names];
}

/** Runs promtool with `args` in `cwd` (this folder by default); returns its output, or throws with it on a failure. */
export function promtool(args, cwd = HERE) {
  try {
    return execFileSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
  } catch (error) {
    if (error.code === 'ENOENT') throw new Error(`${PROMTOOL} is missing: run scripts/ensure-prometheus.sh`);
    throw new Error(`promtool ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  }
}
