import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { idFromText, VisaState, type Invoice, type Visa } from '@varco/contracts';
import { isNotFound } from '@varco/http';
import { sessionStore } from '@varco/session';
import { LoadError, NotFoundState, PageLoader, pageTitleProps } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { usePendingVisa, useVisa } from '../../visa';
import { draftFromVisa, EMPTY_DRAFT, useWizardDraft, type WizardDraft } from '../hooks/use-wizard-draft';
import { SelectInvoicesStep } from './select-invoices-step';
import { StepIndicator, type WizardStep } from './step-indicator';
import { SummaryStep } from './summary-step';
import { TravelStep } from './travel-step';

function parseStep(value: string | null): WizardStep | null {
  return value === '1' ? 1 : value === '2' ? 2 : value === '3' ? 3 : null;
}

const NO_INVOICES: ReadonlyArray<Invoice> = [];

/** The page's name in the tab: the wizard's step while the steps are shown ("Step 2 of 3: travel details – …"). */
function useStepPageTitle(title: string): string | undefined {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const step = parseStep(params.get('step'));
  return step === null ? undefined : t('wizard.pageTitle', { step: t(`wizard.step${step}Title`), title });
}

function WizardLayout({ title, pageTitle, children }: { title: string; pageTitle?: string; children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <div className="container py-4">
      <h1 {...pageTitleProps(pageTitle)}>{title}</h1>
      {children}
      <p className="mt-4">
        <Link to="/protected/visa">{t('wizard.toList')}</Link>
      </p>
    </div>
  );
}

/** Why no new request can be made while one is pending, and the way to it (its modification is still open). */
function PendingRequestNotice({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid="visa-pending-refusal">
      <div className="alert alert-warning" role="alert">
        <h2 className="h5">{t('wizard.pendingTitle')}</h2>
        <p className="mb-0">{t('wizard.pendingExists', { code: visa.requestCode })}</p>
      </div>
      <Link to={`/protected/visa/${visa.idRichiesta}`} className="btn btn-primary">
        {t('wizard.toPending')}
      </Link>
    </div>
  );
}

interface WizardStepsProps {
  draft: WizardDraft;
  save: (draft: WizardDraft) => void;
  clear: () => void;
  requestId?: number;
  ownInvoices?: ReadonlyArray<Invoice>;
}

/** The three steps at ?step=1..3 of the current address; a step whose earlier steps are missing from the draft sends back (docs/domain.md). */
function WizardSteps({ draft, save, clear, requestId, ownInvoices = NO_INVOICES }: WizardStepsProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const step = parseStep(params.get('step'));
  const goTo = (next: WizardStep) => navigate({ pathname, search: `?step=${next}` });
  // Once submitted the draft is cleared while the router moves on (a transition): the emptied draft must not send back a step.
  const [submitted, setSubmitted] = useState(false);

  if (submitted) return null;
  if (step === null) return <Navigate to={{ pathname, search: '?step=1' }} replace />;
  if (step >= 2 && draft.invoices.length === 0) return <Navigate to={{ pathname, search: '?step=1' }} replace />;
  if (step === 3 && !draft.travel) return <Navigate to={{ pathname, search: '?step=2' }} replace />;

  const onSubmitted = (id: number) => {
    setSubmitted(true);
    clear();
    navigate(`/protected/visa/${id}`);
    // A new request is pending now: no other may be created until it is done (docs/domain.md).
    if (requestId === undefined) sessionStore.getState().setVisaCreationEnabled(false);
  };

  return (
    <>
      <StepIndicator current={step} />
      {step === 1 ? (
        <SelectInvoicesStep draft={draft} onChange={save} onNext={() => goTo(2)} ownInvoices={ownInvoices} />
      ) : null}
      {step === 2 ? (
        <TravelStep
          key={pathname}
          draft={draft}
          onSave={save}
          onNext={() => goTo(3)}
          onBack={() => goTo(1)}
          ownInvoices={ownInvoices}
        />
      ) : null}
      {step === 3 && draft.travel ? (
        <SummaryStep
          requestId={requestId}
          invoiceIds={draft.invoices}
          travel={draft.travel}
          ownInvoices={ownInvoices}
          onBack={() => goTo(2)}
          onSubmitted={onSubmitted}
        />
      ) : null}
    </>
  );
}

/**
 * docs/screens.md /protected/visa/create?step=1..3: the three-step wizard (1 invoices, 2 travel details, 3 summary and
 * submit), its draft kept in local storage. `?invoice={refundId}` (the invoice detail's add-new-request button)
 * starts a new draft with that invoice.
 */
export function VisaWizardPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { draft, save, clear } = useWizardDraft();
  const invoiceParam = params.get('invoice');
  // One pending request at a time: the traveler is told before filling the steps. Should the check fail, the
  // wizard opens all the same and the server's refusal at submit tells why.
  const pending = usePendingVisa();
  // Decided once, on the first fresh answer: the request this wizard submits is pending too, and the refetch that
  // follows its submission must not replace the wizard (and its move to the new request) with the notice. A cached
  // answer being fetched again may name a request deleted since.
  const [pendingAtStart, setPendingAtStart] = useState<{ visa: Visa | null } | null>(null);
  if (pendingAtStart === null && !pending.isPending && !pending.isFetching)
    setPendingAtStart({ visa: pending.isError ? null : (pending.data ?? null) });

  // A request started from an invoice: a fresh draft holding only it, then the address without the parameter
  // (replaced, so Back does not start it again). An id that is not a refund id is just dropped.
  useEffect(() => {
    if (invoiceParam === null) return;
    const refundId = idFromText(invoiceParam);
    if (refundId !== null) save({ invoices: [refundId], travel: null });
    navigate({ pathname, search: '?step=1' }, { replace: true });
  }, [invoiceParam, navigate, pathname, save]);

  const title = t('wizard.title');
  const stepPageTitle = useStepPageTitle(title);
  if (invoiceParam !== null) return null;
  // A draft left by the modification of a request is not a new request's.
  const ownDraft = draft.requestId === undefined ? draft : EMPTY_DRAFT;
  let body;
  let pageTitle;
  if (pendingAtStart === null) body = <PageLoader />;
  else if (pendingAtStart.visa) {
    body = <PendingRequestNotice visa={pendingAtStart.visa} />;
    pageTitle = t('wizard.pendingTitle');
  } else {
    body = <WizardSteps draft={ownDraft} save={save} clear={clear} />;
    pageTitle = stepPageTitle;
  }
  return (
    <WizardLayout title={title} pageTitle={pageTitle}>
      {body}
    </WizardLayout>
  );
}

/**
 * docs/screens.md /protected/visa/update/{id}: the same wizard on a pending request. The draft is filled with the request's
 * invoices and travel once (then it keeps the traveler's changes); step 1 also offers the request's own invoices.
 */
export function VisaUpdatePage() {
  const { t } = useTranslation(NS);
  const id = idFromText(useParams().id);
  const query = useVisa(id);
  const { draft, save, clear } = useWizardDraft();
  const visa = query.data;
  const pending = visa?.stateCode === VisaState.PENDING;
  // After the submit the draft is cleared for good: it is not filled again from the request.
  const [finished, setFinished] = useState(false);
  const finish = () => {
    setFinished(true);
    clear();
  };

  // Filled from a fresh answer only: a copy that a change has made stale (an earlier modification) is loading again.
  const fresh = !query.isStale;
  useEffect(() => {
    if (visa && pending && fresh && !finished && draft.requestId !== visa.idRichiesta) save(draftFromVisa(visa));
  }, [visa, pending, fresh, finished, draft.requestId, save]);

  const title = t('wizard.updateTitle');
  const stepPageTitle = useStepPageTitle(title);
  const notFound = id === null || isNotFound(query.error);
  let body;
  let pageTitle;
  if (notFound) {
    pageTitle = t('detail.notFoundTitle');
    body = (
      <NotFoundState
        title={t('detail.notFoundTitle')}
        text={t('detail.notFoundText')}
        homeLabel={t('detail.homepage')}
        testId="visa-not-found"
      />
    );
  } else if (query.isPending) body = <PageLoader />;
  else if (query.isError) {
    pageTitle = t('detail.loadError');
    body = <LoadError message={pageTitle} />;
  } else if (!pending)
    body = (
      <div data-testid="visa-not-editable">
        <div className="alert alert-warning" role="alert">
          {t('wizard.notEditable')}
        </div>
        <Link to={`/protected/visa/${query.data.idRichiesta}`} className="btn btn-primary">
          {t('wizard.toDetail')}
        </Link>
      </div>
    );
  else if (finished) body = null;
  else if (draft.requestId !== query.data.idRichiesta) body = <PageLoader />;
  else {
    pageTitle = stepPageTitle;
    body = (
      <WizardSteps
        draft={draft}
        save={save}
        clear={finish}
        requestId={query.data.idRichiesta}
        ownInvoices={query.data.invoices ?? NO_INVOICES}
      />
    );
  }

  return (
    <WizardLayout title={title} pageTitle={pageTitle}>
      {body}
    </WizardLayout>
  );
}
