// The Grafana dashboard (varco-api.json): valid JSON in Grafana's model, every query parsed by Prometheus's own parser
// (promtool reads it as a recording rule, Grafana's variables given values first), and every metric name one the api
// exports (the browsers' reports included) or the rules record.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { knownMetricNames, metricNamesOf, promtool } from '../prometheus/metric-names.mjs';

const DASHBOARD = join(dirname(fileURLToPath(import.meta.url)), 'varco-api.json');
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));

/** Grafana's variables as a query would see them. */
const withVariables = (expr) =>
  expr.replaceAll('$__rate_interval', '5m').replaceAll('$__interval', '1m').replaceAll('$instance', '.*');

const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
const targets = panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })));

describe('the Grafana dashboard (deploy/grafana/varco-api.json)', () => {
  it('is a dashboard of panels with a query each, on the Prometheus chosen in its variable', () => {
    expect(dashboard).toMatchObject({ uid: 'varco-api', title: 'Varco api', schemaVersion: expect.any(Number) });
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual(['datasource', 'instance']);
    expect(panels.length).toBeGreaterThan(10);
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect({ panel: panel.title, targets: panel.targets.length > 0 }).toEqual({ panel: panel.title, targets: true });
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('has queries that Prometheus parses', () => {
    const folder = mkdtempSync(join(tmpdir(), 'varco-dashboard-'));
    try {
      const rules = {
        groups: [
          {
            name: 'dashboard',
            rules: targets.map((target, index) => ({
              record: `dashboard:query:${index}`,
              expr: withVariables(target.expr),
            })),
          },
        ],
      };
      writeFileSync(join(folder, 'dashboard.rules.yml'), stringify(rules));
      expect(promtool(['check', 'rules', 'dashboard.rules.yml'], folder)).toContain(`${targets.length} rules found`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('uses only families the api exports or the rules record', () => {
    const known = knownMetricNames();
    const variableQueries = dashboard.templating.list
      .filter((variable) => variable.type === 'query')
      .map((variable) => /^label_values\((\w+),/.exec(variable.query.query)?.[1]);
    const unknown = [
      ...targets.flatMap((target) => metricNamesOf(withVariables(target.expr)).map((name) => [target.panel, name])),
      ...variableQueries.map((name) => ['variables', name]),
    ].filter(([, name]) => !known.has(name));
    expect(unknown).toEqual([]);
  });
});
