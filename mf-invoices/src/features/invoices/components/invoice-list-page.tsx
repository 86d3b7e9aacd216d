import { useRef, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { InvoiceFilter } from '@varco/contracts';
import { EmptyState, LoadError, PageLoader } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useInvoices } from '../api/get-invoices';
import { InvoiceItem } from './invoice-item';
import { InvoiceStatusLegend } from './invoice-status-legend';

/** How many invoices are shown at first and added by Show more (docs/domain.md leaves the page size open). */
export const INVOICE_LIST_STEP = 10;

/** The tabs of docs/screens.md, by their address (?tab=) and the filter they ask the server for. */
const TABS = [
  { id: 'all', filter: 'TUTTE' },
  { id: 'available', filter: 'SOLO_EMESSE' },
  { id: 'completed', filter: 'SOLO_COMPLETATE' },
] as const satisfies ReadonlyArray<{ id: string; filter: InvoiceFilter }>;
type TabId = (typeof TABS)[number]['id'];

/** docs/screens.md /protected/invoice: all invoices, with the tabs All, Available (issued only) and Completed. */
export function InvoiceListPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const current = TABS.find((tab) => tab.id === params.get('tab')) ?? TABS[0];
  const labels: Record<TabId, string> = {
    all: t('list.tabAll'),
    available: t('list.tabAvailable'),
    completed: t('list.tabCompleted'),
  };
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (id: TabId) => setParams(id === 'all' ? {} : { tab: id }, { replace: true });

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    select(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="container py-4">
      <h1>{t('list.title')}</h1>
      {/* docs/domain.md, "Claims": an invoice the shop's receipt proves, that never appeared here. */}
      <p className="d-flex flex-wrap gap-3 align-items-center">
        <Link
          to="/protected/invoice/claims/missing"
          className="btn btn-outline-primary btn-sm"
          data-testid="missing-invoice-link"
        >
          {t('list.missingInvoice')}
        </Link>
        <Link to="/protected/invoice/claims">{t('list.yourClaims')}</Link>
      </p>
      <ul className="nav nav-tabs" role="tablist">
        {TABS.map((tab, index) => {
          const selected = tab.id === current.id;
          return (
            <li key={tab.id} className="nav-item" role="presentation">
              <button
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`invoice-tab-${tab.id}`}
                className={`nav-link${selected ? ' active' : ''}`}
                aria-selected={selected}
                aria-controls="invoice-tab-panel"
                tabIndex={selected ? 0 : -1}
                onClick={() => select(tab.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {labels[tab.id]}
              </button>
            </li>
          );
        })}
      </ul>
      <div role="tabpanel" id="invoice-tab-panel" aria-labelledby={`invoice-tab-${current.id}`} className="py-3">
        <InvoicesOfFilter key={current.filter} filter={current.filter} />
      </div>
      <InvoiceStatusLegend />
    </div>
  );
}

/** How many invoices each tab shows, kept in the page's history entry: Back from an invoice finds the list as it was left. */
type ShownState = { shownInvoices?: Partial<Record<InvoiceFilter, number>> } | null;

/** The invoices of one tab, per year, INVOICE_LIST_STEP at a time. */
function InvoicesOfFilter({ filter }: { filter: InvoiceFilter }) {
  const { t } = useTranslation(NS);
  const query = useInvoices(filter);
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as ShownState;
  const saved = state?.shownInvoices?.[filter];
  const shown = typeof saved === 'number' && saved > INVOICE_LIST_STEP ? saved : INVOICE_LIST_STEP;
  const showMore = () =>
    navigate(
      { search: location.search },
      {
        replace: true,
        state: { ...state, shownInvoices: { ...state?.shownInvoices, [filter]: shown + INVOICE_LIST_STEP } },
      },
    );

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError message={t('list.loadError')} />;

  const years = query.data.invoicesPerYear.filter((year) => year.listInvoicesPerYear.length > 0);
  const total = years.reduce((sum, year) => sum + year.listInvoicesPerYear.length, 0);
  if (total === 0) return <EmptyState kind="invoices" />;

  // Show the first `shown` invoices, keeping their years.
  let left = shown;
  const visible = years.flatMap((year) => {
    const invoices = year.listInvoicesPerYear.slice(0, Math.max(0, left));
    left -= invoices.length;
    return invoices.length > 0 ? [{ year: year.year, invoices }] : [];
  });

  return (
    <>
      {visible.map(({ year, invoices }) => (
        <section key={year} aria-labelledby={`invoices-${year}`} className="mb-4">
          <h2 className="h4" id={`invoices-${year}`}>
            {year}
          </h2>
          <ul className="list-group" data-testid="invoice-list">
            {invoices.map((invoice) => (
              <InvoiceItem key={invoice.idRichiestaRimborso} invoice={invoice} />
            ))}
          </ul>
        </section>
      ))}
      {shown < total ? (
        <button type="button" className="btn btn-outline-primary" onClick={showMore}>
          {t('list.showMore')}
        </button>
      ) : null}
    </>
  );
}
