import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { parseId } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useWizardDraft } from '../hooks/use-wizard-draft';
import { SelectInvoicesStep } from './select-invoices-step';
import { StepIndicator, type WizardStep } from './step-indicator';

function parseStep(value: string | null): WizardStep | null {
  return value === '1' ? 1 : value === '2' ? 2 : value === '3' ? 3 : null;
}

/**
 * SPEC §2 /protected/visa/create?step=1..3: the three-step wizard (1 invoices, 2 travel details, 3 summary and
 * submit), its draft kept in local storage. A step whose earlier steps are missing from the draft sends back.
 * `?invoice={refundId}` (the invoice detail's add-new-request button) starts a new draft with that invoice.
 */
export function VisaWizardPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { draft, save } = useWizardDraft();
  const step = parseStep(params.get('step'));
  const goTo = (next: WizardStep) => navigate({ pathname, search: `?step=${next}` });
  const invoiceParam = params.get('invoice');

  // A request started from an invoice: a fresh draft holding only it, then the address without the parameter
  // (replaced, so Back does not start it again). An id that is not a refund id is just dropped.
  useEffect(() => {
    if (invoiceParam === null) return;
    const refundId = parseId(invoiceParam);
    if (refundId !== null) save({ invoices: [refundId], travel: null });
    navigate({ pathname, search: '?step=1' }, { replace: true });
  }, [invoiceParam, navigate, pathname, save]);

  if (invoiceParam !== null) return null;

  if (step === null) return <Navigate to={{ pathname, search: '?step=1' }} replace />;
  // SPEC §4: a missing draft sends the user back to the earlier step.
  if (step >= 2 && draft.invoices.length === 0) return <Navigate to={{ pathname, search: '?step=1' }} replace />;
  if (step === 3 && !draft.travel) return <Navigate to={{ pathname, search: '?step=2' }} replace />;

  return (
    <div className="container py-4">
      <h1>{t('wizard.title')}</h1>
      <StepIndicator current={step} />
      {step === 1 ? <SelectInvoicesStep draft={draft} onChange={save} onNext={() => goTo(2)} /> : null}
      {step === 2 ? (
        <section aria-labelledby="wizard-step-title">
          <h2 className="h4" id="wizard-step-title">
            {t('wizard.step2Title')}
          </h2>
          <button type="button" className="btn btn-outline-primary" onClick={() => goTo(1)}>
            {t('wizard.back')}
          </button>
        </section>
      ) : null}
      {step === 3 ? (
        <section aria-labelledby="wizard-step-title">
          <h2 className="h4" id="wizard-step-title">
            {t('wizard.step3Title')}
          </h2>
          <button type="button" className="btn btn-outline-primary" onClick={() => goTo(2)}>
            {t('wizard.back')}
          </button>
        </section>
      ) : null}
      <p className="mt-4">
        <Link to="/protected/visa">{t('wizard.toList')}</Link>
      </p>
    </div>
  );
}
