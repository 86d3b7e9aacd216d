import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { completionSchema, toServerLanguage, type CompletionValues, type UserInfo } from '@varco/contracts';
import { sessionStore } from '@varco/session';
import { PageLoader } from '@varco/ui';
import { FormProvider, TextField, useRuleForm } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import {
  AccountFields,
  AccountFormActions,
  RESIDENCE_DOCUMENT_FIELD_OF_EXTRA,
  ResidenceDocumentFields,
  toResidenceDocumentPayload,
  useServerFieldIssues,
} from '../../sign-up';
import { useFinalizeRegistration } from '../api/finalize-registration';
import { useSpidUserInfo } from '../api/get-spid-user-info';

/**
 * docs/domain.md completion via the digital identity provider: name, surname and birthday are read-only; the residence and
 * travel document follow the registration's rules (completionSchema: the invoices are matched through that document).
 */

/** Where the server's per-field messages (docs/calls.md, keyed by payload field) go on the form. */
const FIELD_OF_EXTRA: Readonly<Record<string, keyof CompletionValues>> = {
  ...RESIDENCE_DOCUMENT_FIELD_OF_EXTRA,
  email: 'email',
  privacy: 'privacy',
};

function CompletionForm({ info }: { info: UserInfo }) {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const finalize = useFinalizeRegistration();
  const form = useRuleForm(completionSchema, {
    name: info.nome,
    surname: info.cognome,
    birthday: info.dataNascita,
    country: info.paeseResidenzaCodice,
    countryZone: info.zonaResidenzaCodice,
    documentType: info.tipoDocumentoCodice,
    documentCountry: info.paeseDocumentoCodice,
    documentNumber: info.numeroDocumento,
    email: info.email,
    confirmEmail: '',
    privacy: false,
  });
  const showServerIssues = useServerFieldIssues(form, FIELD_OF_EXTRA);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (finalize.isError) alertRef.current?.focus();
  }, [finalize.isError, finalize.error]);

  const submit = form.handleSubmit((values) =>
    finalize.mutate(
      {
        email: values.email.trim(),
        privacy: true,
        lan: toServerLanguage(i18n.language),
        ...toResidenceDocumentPayload(values),
      },
      {
        onSuccess: (traveler) => {
          sessionStore.getState().signIn(traveler);
          navigate('/protected');
        },
        onError: (error) => void showServerIssues(error),
      },
    ),
  );

  return (
    <>
      {finalize.isError ? (
        <div ref={alertRef} tabIndex={-1} data-testid="finalize-error">
          <ErrorAlert error={finalize.error} />
        </div>
      ) : null}
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={submit}
          aria-labelledby="spid-activation-title"
          data-testid="spid-activation-form"
          className="mt-4"
        >
          <p className="small mb-5">{t('form.requiredLegend')}</p>
          <h2 className="h4 mb-5">{t('signUp.personalTitle')}</h2>
          <div className="row">
            <div className="col-md-6">
              <TextField name="name" label={t('signUp.name')} readOnly />
            </div>
            <div className="col-md-6">
              <TextField name="surname" label={t('signUp.surname')} readOnly />
            </div>
            <div className="col-md-6">
              <TextField name="birthday" label={t('signUp.birthday')} type="date" readOnly />
            </div>
          </div>
          <ResidenceDocumentFields />

          <AccountFields />
          <AccountFormActions sending={finalize.isPending} />
        </form>
      </FormProvider>
    </>
  );
}

/** docs/screens.md /sign-in/spid/activate: completes the registration of a traveler who signed in with the digital identity. */
export function SpidActivationPage() {
  const { t } = useTranslation(NS);
  const info = useSpidUserInfo();
  return (
    <div className="container py-4">
      <h1 id="spid-activation-title">{t('spidActivation.title')}</h1>
      <p className="lead">{t('spidActivation.lead')}</p>
      {info.isPending ? (
        <PageLoader />
      ) : info.isError ? (
        <ErrorAlert error={info.error} />
      ) : (
        <CompletionForm info={info.data} />
      )}
    </div>
  );
}
