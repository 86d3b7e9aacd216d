import { useTranslation } from 'react-i18next';
import type { Invoice } from '@varco/contracts';
import {
  ChevronIcon,
  EmptyState,
  formatAmount,
  formatDate,
  InvoiceStatusBadge,
  LoadError,
  PageLoader,
} from '@varco/ui';
import { InvoiceLabel } from '../../../components/invoice-label';
import { NS } from '../../../i18n/namespace';
import { useUsableInvoices } from '../../visa';
import type { WizardDraft } from '../hooks/use-wizard-draft';

interface SelectInvoicesStepProps {
  draft: WizardDraft;
  onChange: (draft: WizardDraft) => void;
  onNext: () => void;
  /** The request's own invoices when it is being modified: selectable too, though no longer 'usable'. */
  ownInvoices?: ReadonlyArray<Invoice>;
}

const NO_INVOICES: ReadonlyArray<Invoice> = [];

/** Wizard step 1: choose the invoices of the request among the usable ones; at least one (docs/domain.md). */
export function SelectInvoicesStep({ draft, onChange, onNext, ownInvoices = NO_INVOICES }: SelectInvoicesStepProps) {
  const { t, i18n } = useTranslation(NS);
  const query = useUsableInvoices();

  let body;
  let selectedIds: number[] = [];
  if (query.isPending) body = <PageLoader />;
  else if (query.isError) body = <LoadError message={t('wizard.loadError')} />;
  else if (query.data.invoices.length + ownInvoices.length === 0) body = <EmptyState kind="invoices" />;
  else {
    const ownIds = new Set(ownInvoices.map((invoice) => invoice.idRichiestaRimborso));
    const invoices = [
      ...ownInvoices,
      ...query.data.invoices.filter((invoice) => !ownIds.has(invoice.idRichiestaRimborso)),
    ];
    // Only invoices still usable count: a draft may hold one that has since gone into another request.
    const selected = invoices.filter((invoice) => draft.invoices.includes(invoice.idRichiestaRimborso));
    selectedIds = selected.map((invoice) => invoice.idRichiestaRimborso);
    const total = selected.reduce((sum, invoice) => sum + invoice.totalAmount, 0);
    const toggle = (id: number, checked: boolean) => {
      const kept = selectedIds.filter((other) => other !== id);
      onChange({ ...draft, invoices: checked ? [...kept, id] : kept });
    };
    body = (
      <>
        <fieldset>
          <legend className="h6">{t('wizard.selectLegend')}</legend>
          <ul className="list-group" data-testid="usable-invoices">
            {invoices.map((invoice) => {
              const id = `usable-invoice-${invoice.idRichiestaRimborso}`;
              return (
                <li key={invoice.idRichiestaRimborso} className="list-group-item">
                  <div className="form-check my-0">
                    <input
                      id={id}
                      type="checkbox"
                      checked={draft.invoices.includes(invoice.idRichiestaRimborso)}
                      onChange={(event) => toggle(invoice.idRichiestaRimborso, event.target.checked)}
                    />
                    <label htmlFor={id} className="d-flex flex-wrap justify-content-between gap-2 w-100">
                      <span>
                        <span className="fw-semibold">
                          <InvoiceLabel number={invoice.invoiceNumber} vendor={invoice.vendorName} />
                        </span>
                        <small className="d-block text-muted">
                          {t('wizard.issuedOn', { date: formatDate(invoice.emissionDate, i18n.language) })}
                        </small>
                      </span>
                      <span className="text-end">
                        <span className="d-block fw-semibold">{formatAmount(invoice.totalAmount, i18n.language)}</span>
                        <InvoiceStatusBadge stateCode={invoice.stateCode} />
                      </span>
                    </label>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <p className="mt-3" role="status" data-testid="selection-summary">
          {t('wizard.selected', { count: selectedIds.length, total: formatAmount(total, i18n.language) })}
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby="wizard-step-title">
      <h2 className="h4" id="wizard-step-title">
        {t('wizard.step1Title')}
      </h2>
      <p>{t('wizard.step1Lead')}</p>
      {body}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-primary d-inline-flex align-items-center gap-1"
          disabled={selectedIds.length === 0}
          onClick={() => {
            onChange({ ...draft, invoices: selectedIds });
            onNext();
          }}
        >
          {t('wizard.next')}
          <ChevronIcon towards="next" />
        </button>
      </div>
    </section>
  );
}
