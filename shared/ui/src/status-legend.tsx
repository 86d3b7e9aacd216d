import type { ReactNode } from 'react';
import { InvoiceState, VisaState } from '@varco/contracts/plain';
import { InvoiceStatusBadge, VisaStatusBadge } from './status-badge';

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

/** Every badge an invoice can wear (docs/domain.md), in the legend's order. */
const INVOICE_BADGES = {
  available: <InvoiceStatusBadge stateCode={InvoiceState.AVAILABLE} />,
  expired: <InvoiceStatusBadge stateCode={InvoiceState.AVAILABLE} exitDeadlinePassed />,
  inProgress: <InvoiceStatusBadge stateCode={InvoiceState.IN_REQUEST} />,
  granted: <InvoiceStatusBadge stateCode={InvoiceState.GRANTED} />,
  inCompletion: <InvoiceStatusBadge stateCode={InvoiceState.GRANTED} inCompletion />,
  customsCheck: <InvoiceStatusBadge stateCode={InvoiceState.CUSTOMS_CHECK} />,
  notSelected: <InvoiceStatusBadge stateCode={InvoiceState.NOT_SELECTED} />,
  denied: <InvoiceStatusBadge stateCode={InvoiceState.DENIED} />,
};

/** Every badge a visa request can wear (docs/domain.md), in the legend's order. */
const VISA_BADGES = {
  pending: <VisaStatusBadge stateCode={VisaState.PENDING} />,
  riskAnalysis: <VisaStatusBadge stateCode={VisaState.PENDING} riskAnalysis />,
  expired: <VisaStatusBadge stateCode={VisaState.EXPIRED} />,
  customsCheck: <VisaStatusBadge stateCode={VisaState.CUSTOMS_CHECK} />,
  inCompletion: <VisaStatusBadge stateCode={VisaState.IN_COMPLETION} />,
  completed: <VisaStatusBadge stateCode={VisaState.COMPLETED} />,
};

/** The legend's texts: its title and what each badge means, in the words of the remote that shows it. */
export type LegendTexts<K extends string> = { title: string } & Record<K, string>;
export type InvoiceLegendTexts = LegendTexts<keyof typeof INVOICE_BADGES>;
export type VisaLegendTexts = LegendTexts<keyof typeof VISA_BADGES>;

function legendOf<K extends string>(badges: Record<K, ReactNode>, texts: LegendTexts<K>): LegendEntry[] {
  return (Object.keys(badges) as K[]).map((state) => ({ key: state, badge: badges[state], text: texts[state] }));
}

/** The legend of the invoice states (section test id `invoice-legend`). */
export function InvoiceLegend({ texts }: { texts: InvoiceLegendTexts }) {
  return <StatusLegend name="invoice-legend" title={texts.title} entries={legendOf(INVOICE_BADGES, texts)} />;
}

/** The legend of the visa request states (section test id `visa-legend`). */
export function VisaLegend({ texts }: { texts: VisaLegendTexts }) {
  return <StatusLegend name="visa-legend" title={texts.title} entries={legendOf(VISA_BADGES, texts)} />;
}
