import assert from 'node:assert/strict';

export interface Scrape {
  status: number;
  /** Family name → its type, from the `# TYPE` lines. */
  types: Map<string, string>;
  /** The value of the one sample of `name` whose labels include `labels` (undefined when none). */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** The label sets of the samples of `name`. */
  labelsOf(name: string): Array<Record<string, string>>;
}

/** Reads a metrics listener's Prometheus text format, as Prometheus would. */
export async function scrape(url: string): Promise<Scrape> {
  const answer = await fetch(url);
  const text = await answer.text();
  const types = new Map<string, string>();
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const labels = Object.fromEntries(
      [...(sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1]!, match[2]!]),
    );
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return {
    status: answer.status,
    types,
    value(name, labels = {}) {
      const found = samples.filter(
        (sample) =>
          sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      );
      assert.ok(found.length <= 1, `one sample of ${name} ${JSON.stringify(labels)}, not ${found.length}`);
      return found[0]?.value;
    },
    labelsOf: (name) => samples.filter((sample) => sample.name === name).map((sample) => sample.labels),
  };
}
