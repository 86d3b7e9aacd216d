import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyNameSchema, TIME_ZONE, toLocale, type Passkey } from '@varco/contracts';
import { PageLoader } from '@varco/ui';
import { FormProvider, TextField, useRuleForm } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { PasskeyErrorAlert } from '../../../components/passkey-error-alert';
import { NS } from '../../../i18n/namespace';
import { supportsPasskeys } from '../../../lib/webauthn';
import { useAddPasskey } from '../api/add-passkey';
import { useDeletePasskey } from '../api/delete-passkey';
import { usePasskeys } from '../api/get-passkeys';

function formatInstant(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(
    new Date(value),
  );
}

/** One passkey of the list, with its removal behind a confirmation. */
function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useTranslation(NS);
  const locale = toLocale(i18n.language);
  const [confirming, setConfirming] = useState(false);
  const removal = useDeletePasskey();
  const titleId = `passkey-${passkey.id}-name`;

  return (
    <li className="list-group-item px-0 py-3" aria-labelledby={titleId} data-testid="passkey-item">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div>
          <h3 className="h6 mb-1" id={titleId}>
            {passkey.name}
            {passkey.backedUp ? (
              <span className="badge bg-secondary ms-2 align-middle">{t('passkeys.synced')}</span>
            ) : null}
          </h3>
          <p className="small mb-0">
            {t('passkeys.created', { date: formatInstant(passkey.createdAt, locale) })}
            <br />
            {passkey.lastUsedAt
              ? t('passkeys.lastUsed', { date: formatInstant(passkey.lastUsedAt, locale) })
              : t('passkeys.neverUsed')}
          </p>
        </div>
        {confirming ? null : (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => setConfirming(true)}
            aria-describedby={titleId}
          >
            {t('passkeys.remove')}
          </button>
        )}
      </div>
      {confirming ? (
        <div
          className="callout danger mt-3 mb-0"
          role="alertdialog"
          aria-labelledby={`${titleId}-confirm`}
          data-testid="passkey-remove-confirmation"
        >
          <div className="callout-inner">
            <p className="fw-semibold mb-1" id={`${titleId}-confirm`}>
              {t('passkeys.removeConfirmTitle', { name: passkey.name })}
            </p>
            <p>{t('passkeys.removeConfirmText')}</p>
            {removal.isError ? <ErrorAlert error={removal.error} /> : null}
            <div className="d-flex flex-wrap gap-3">
              <button
                type="button"
                className="btn btn-danger btn-sm"
                disabled={removal.isPending}
                onClick={() => removal.mutate(passkey.id)}
              >
                {t('passkeys.removeConfirm')}
              </button>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={removal.isPending}
                onClick={() => setConfirming(false)}
                autoFocus
              >
                {t('passkeys.removeCancel')}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The form that names and adds a passkey: the browser's dialog opens on submit. */
function AddPasskeyForm() {
  const { t } = useTranslation(NS);
  const addition = useAddPasskey();
  const form = useRuleForm(passkeyNameSchema, { name: '' });
  const [added, setAdded] = useState<string | null>(null);

  const submit = form.handleSubmit(({ name }) => {
    setAdded(null);
    addition.mutate(name.trim(), {
      onSuccess: (passkey) => {
        setAdded(passkey.name);
        form.reset({ name: '' });
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4"
        data-testid="add-passkey-form"
        aria-labelledby="add-passkey-title"
      >
        <h3 className="h6" id="add-passkey-title">
          {t('passkeys.addTitle')}
        </h3>
        {added ? (
          <div className="alert alert-success" role="status">
            {t('passkeys.added', { name: added })}
          </div>
        ) : null}
        {addition.isError ? <PasskeyErrorAlert error={addition.error} /> : null}
        {supportsPasskeys() ? null : <p className="small">{t('passkeys.errors.unsupported')}</p>}
        <div className="row mt-5">
          <div className="col-md-6">
            <TextField
              name="name"
              label={t('passkeys.name')}
              hint={t('passkeys.nameHint')}
              required
              autoComplete="off"
            />
          </div>
        </div>
        <button type="submit" className="btn btn-primary" disabled={addition.isPending}>
          {t('passkeys.add')}
        </button>
      </form>
    </FormProvider>
  );
}

/** The profile's "Passkeys" section: the traveler's passkeys, adding one with a name, removing one. */
export function PasskeysSection() {
  const { t } = useTranslation(NS);
  const passkeys = usePasskeys();

  let list;
  if (passkeys.isPending) list = <PageLoader />;
  else if (passkeys.isError) list = <ErrorAlert error={passkeys.error} />;
  else if (passkeys.data.length === 0) list = <p data-testid="passkeys-empty">{t('passkeys.empty')}</p>;
  else
    list = (
      <ul className="list-group list-group-flush" aria-label={t('passkeys.listLabel')}>
        {passkeys.data.map((passkey) => (
          <PasskeyItem key={passkey.id} passkey={passkey} />
        ))}
      </ul>
    );

  return (
    <section className="mt-5" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 className="h4" id="passkeys-title">
        {t('passkeys.title')}
      </h2>
      <p>{t('passkeys.lead')}</p>
      {list}
      <AddPasskeyForm />
    </section>
  );
}
