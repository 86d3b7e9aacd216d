// The alerting and recording rules through promtool (Debian's prometheus package, scripts/ensure-prometheus.sh): their
// syntax, their unit tests (varco.rules.test.yml), the example scrape configuration; and that they name only families
// that exist and runbook sections that exist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { HERE, knownMetricNames, metricNamesOf, promtool, recordedNames, ruleGroups } from './metric-names.mjs';

const RUNBOOK = join(HERE, '..', '..', 'docs', 'runbook.md');
const alerts = () => ruleGroups().flatMap((group) => group.rules.filter((rule) => rule.alert));

/** GitHub's anchor of a Markdown heading: lower case, spaces to dashes, punctuation dropped. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

describe('Prometheus rules (deploy/prometheus/varco.rules.yml)', () => {
  it('pass promtool check rules', () => {
    expect(promtool(['check', 'rules', 'varco.rules.yml'])).toContain('SUCCESS');
  });

  it('pass their unit tests (promtool test rules)', () => {
    expect(promtool(['test', 'rules', 'varco.rules.test.yml'])).toContain('SUCCESS');
  });

  it('have a scrape configuration example that promtool accepts', () => {
    expect(promtool(['check', 'config', 'prometheus.yml'])).toContain('is valid prometheus config file syntax');
  });

  it('name only families the api exports or the rules record', () => {
    const known = knownMetricNames();
    const unknown = ruleGroups()
      .flatMap((group) => group.rules)
      .flatMap((rule) => metricNamesOf(rule.expr).map((name) => [rule.record ?? rule.alert, name]))
      .filter(([, name]) => !known.has(name));
    expect(unknown).toEqual([]);
    // Record names follow level:metric:operations, so that a recorded series never looks like a family of the api.
    for (const name of recordedNames()) expect(name).toMatch(/^[a-z_]+:varco_[a-z0-9_]+:[a-z0-9_]+$/);
  });

  it('give every alert a severity, a summary, and a runbook section that exists', () => {
    const anchors = new Set(
      [...readFileSync(RUNBOOK, 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map((match) => anchorOf(match[1])),
    );
    for (const alert of alerts()) {
      expect({ alert: alert.alert, severity: alert.labels?.severity }).toEqual({
        alert: alert.alert,
        severity: expect.stringMatching(/^(critical|warning)$/),
      });
      expect(alert.annotations.summary).toBeTruthy();
      expect(alert.annotations.runbook).toBe(`docs/runbook.md#${alert.alert.toLowerCase()}`);
      expect({ alert: alert.alert, documented: anchors.has(alert.alert.toLowerCase()) }).toEqual({
        alert: alert.alert,
        documented: true,
      });
    }
  });

  it('unit-test every alert firing', () => {
    const tests = parse(readFileSync(join(HERE, 'varco.rules.test.yml'), 'utf8')).tests;
    const fired = new Set(
      tests.flatMap((test) =>
        (test.alert_rule_test ?? []).filter((check) => check.exp_alerts.length > 0).map((check) => check.alertname),
      ),
    );
    expect(
      alerts()
        .map((alert) => alert.alert)
        .filter((name) => !fired.has(name)),
    ).toEqual([]);
  });
});

describe('the metric names of a PromQL expression', () => {
  it('are its identifiers that are neither functions, keywords, labels nor durations', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (job, le) (rate(a_bucket{route!~"/x|/y", le="+Inf"}[5m] offset 1h))) > 0.02 and on (job) b:c:d >= bool 1 unless ignoring(le) e > on (app) group_left max by (app) (f)',
      ).sort(),
    ).toEqual(['a_bucket', 'b:c:d', 'e', 'f']);
  });
});
