import type { ReactNode } from 'react';

export interface LegendEntry {
  key: string;
  /** The state's badge, as the lists and the detail pages show it. */
  badge: ReactNode;
  /** What the state means for the traveler. */
  text: string;
}

/** docs/domain.md states, each with its badge and what it means for the traveler; `name` is the section's test id. */
export function StatusLegend({ name, title, entries }: { name: string; title: string; entries: LegendEntry[] }) {
  return (
    <section aria-labelledby={`${name}-title`} data-testid={name}>
      <h2 className="h5" id={`${name}-title`}>
        {title}
      </h2>
      <ul className="list-unstyled mb-0">
        {entries.map((entry) => (
          <li key={entry.key} className="d-flex align-items-baseline gap-2 mb-2">
            {entry.badge}
            <span>{entry.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
