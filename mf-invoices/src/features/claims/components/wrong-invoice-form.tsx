import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@varco/contracts';
import {
  CLAIM_NOTE_MAX_LENGTH,
  CLAIM_PROBLEMS,
  noteRequiredFor,
  wrongInvoiceClaimFormSchema,
  type ClaimProblem,
  type WrongInvoiceClaimValues,
} from '@varco/contracts/claims';
import { FormProvider, IssueTextProvider, RadioGroupField, TextAreaField, useRuleForm } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';
import { useSendWrongInvoiceClaim } from '../api/send-wrong-invoice-claim';
import { useClaimIssueText } from '../utils/claim-issue-text';
import { useClaimWords } from './claim-texts';
import { useClaimRefusal } from './claim-refusal';
import type { SentClaimState } from './claims-page';

const FIELD_OF_EXTRA = { problem: 'problem', note: 'note' } as const;

/**
 * "Something is wrong on this invoice": what is wrong and a note, sent to the shop that issued it as a claim
 * (docs/domain.md, "Claims"); then the claims page.
 */
export function WrongInvoiceForm({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NS);
  const words = useClaimWords();
  const navigate = useNavigate();
  const form = useRuleForm(wrongInvoiceClaimFormSchema, { problem: '', note: '' });
  const problem = useWatch({ control: form.control, name: 'problem' });
  const send = useSendWrongInvoiceClaim();
  const refusal = useClaimRefusal(form, FIELD_OF_EXTRA);
  const issueText = useClaimIssueText();

  const submit = form.handleSubmit((values) => {
    refusal.clear();
    send.mutate(
      {
        idRichiestaRimborso: invoice.idRichiestaRimborso,
        // The form's rule has checked that it is one of them.
        problem: values.problem as ClaimProblem,
        note: values.note.trim(),
      },
      {
        onSuccess: (claim) =>
          navigate('/protected/invoice/claims', {
            state: { sentClaim: { code: claim.code, vendor: claim.vendorName } } satisfies SentClaimState,
          }),
        onError: refusal.show,
      },
    );
  });

  return (
    <>
      {refusal.alert}
      <IssueTextProvider text={issueText}>
        <FormProvider {...form}>
          <form noValidate onSubmit={submit} data-testid="wrong-invoice-form">
            <RadioGroupField<WrongInvoiceClaimValues>
              name="problem"
              legend={t('claims.wrong.problemLegend')}
              required
              options={CLAIM_PROBLEMS.map((value) => ({ value, label: words.problem(value) }))}
            />
            <TextAreaField<WrongInvoiceClaimValues>
              name="note"
              label={t('claims.wrong.note')}
              required={noteRequiredFor(problem)}
              hint={t('claims.wrong.noteHint')}
              maxLength={CLAIM_NOTE_MAX_LENGTH}
            />
            <p className="small">{t('claims.requiredNote')}</p>
            <div className="d-flex flex-wrap gap-2 mt-3">
              <button type="submit" className="btn btn-primary" disabled={send.isPending} aria-busy={send.isPending}>
                {send.isPending ? t('claims.sending') : t('claims.send')}
              </button>
              <Link to={`/protected/invoice/${invoice.idRichiestaRimborso}`} className="btn btn-outline-primary">
                {t('claims.wrong.backToInvoice')}
              </Link>
            </div>
          </form>
        </FormProvider>
      </IssueTextProvider>
    </>
  );
}
