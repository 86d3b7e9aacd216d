import { useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isIsoDay, romeToday } from '@varco/contracts';
import {
  CLAIM_NOTE_MAX_LENGTH,
  claimAmountOf,
  missingInvoiceClaimFormSchema,
  type MissingInvoiceClaimValues,
} from '@varco/contracts/claims';
import { formatDate } from '@varco/ui';
import { FormProvider, IssueTextProvider, TextAreaField, TextField, useRuleForm } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';
import { useSendMissingInvoiceClaim } from '../api/send-missing-invoice-claim';
import { exampleAmount, useClaimIssueText } from '../utils/claim-issue-text';
import type { SentClaimState } from './claims-page';
import { useClaimRefusal } from './claim-refusal';
import { ShopField } from './shop-field';

const EMPTY: MissingInvoiceClaimValues = { shop: '', invoiceNumber: '', issueDate: '', totalAmount: '', note: '' };

/** The api's fields (`extra`) on the form's. */
const FIELD_OF_EXTRA = {
  shopVatNumber: 'shop',
  invoiceNumber: 'invoiceNumber',
  issueDate: 'issueDate',
  totalAmount: 'totalAmount',
  note: 'note',
} as const;

/**
 * docs/screens.md /protected/invoice/claims/missing, "An invoice is missing?": what the shop's receipt shows, sent to
 * the shop as a claim (docs/domain.md, "Claims"). Whatever is typed, nothing of an invoice that is not the traveler's
 * is shown: the answer is the claim.
 */
export function MissingInvoicePage() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.language;
  const navigate = useNavigate();
  // The total is read as the page's language writes numbers: the rules follow a change of language.
  const languageRef = useRef(language);
  languageRef.current = language;
  const schema = useMemo(() => missingInvoiceClaimFormSchema(language), [language]);
  const form = useRuleForm(schema, EMPTY);
  const issueDate = useWatch({ control: form.control, name: 'issueDate' });
  const send = useSendMissingInvoiceClaim();
  const issueText = useClaimIssueText();
  const refusal = useClaimRefusal(form, FIELD_OF_EXTRA);

  const submit = form.handleSubmit((values) => {
    refusal.clear();
    send.mutate(
      {
        shopVatNumber: values.shop,
        invoiceNumber: values.invoiceNumber.trim(),
        issueDate: values.issueDate,
        totalAmount: claimAmountOf(values, languageRef.current),
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
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
    <div className="container py-4">
      <h1>{t('claims.missing.title')}</h1>
      <p>{t('claims.missing.lead')}</p>
      <p className="small">{t('claims.requiredNote')}</p>
      {refusal.alert}
      <IssueTextProvider text={issueText}>
        <FormProvider {...form}>
          <form noValidate onSubmit={submit} data-testid="missing-invoice-form" className="mt-4">
            <ShopField />
            <div className="row">
              <div className="col-md-6">
                <TextField<MissingInvoiceClaimValues>
                  name="invoiceNumber"
                  label={t('claims.missing.invoiceNumber')}
                  required
                  autoComplete="off"
                />
              </div>
              <div className="col-md-6">
                <TextField<MissingInvoiceClaimValues>
                  name="issueDate"
                  type="date"
                  label={t('claims.missing.issueDate')}
                  required
                  max={romeToday()}
                  hint={
                    // The browser's date control writes the day in the device's order: it is written out again here.
                    isIsoDay(issueDate)
                      ? t('claims.missing.chosenDay', { day: formatDate(issueDate, language) })
                      : undefined
                  }
                />
              </div>
              <div className="col-md-6">
                <TextField<MissingInvoiceClaimValues>
                  name="totalAmount"
                  label={t('claims.missing.totalAmount')}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  hint={t('claims.missing.totalHint', { example: exampleAmount(language) })}
                />
              </div>
            </div>
            <TextAreaField<MissingInvoiceClaimValues>
              name="note"
              label={t('claims.missing.note')}
              maxLength={CLAIM_NOTE_MAX_LENGTH}
            />
            <div className="d-flex flex-wrap gap-2 mt-4">
              <button type="submit" className="btn btn-primary" disabled={send.isPending} aria-busy={send.isPending}>
                {send.isPending ? t('claims.sending') : t('claims.send')}
              </button>
              <Link to="/protected/invoice" className="btn btn-outline-primary">
                {t('claims.missing.back')}
              </Link>
            </div>
          </form>
        </FormProvider>
      </IssueTextProvider>
    </div>
  );
}
