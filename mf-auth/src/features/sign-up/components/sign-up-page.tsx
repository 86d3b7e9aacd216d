import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';
import { ActivationView } from './activation-view';
import { CheckMailStep } from './check-mail-step';
import { EMPTY_REGISTRATION, RegistrationForm, type RegistrationValues } from './registration-form';

type Step =
  { kind: 'form'; values: RegistrationValues; resending: boolean } | { kind: 'check-mail'; values: RegistrationValues };

/**
 * docs/screens.md /sign-up: the registration form, then the check-your-mail step (docs/domain.md); the account activation
 * when the query holds both key1 and key2.
 */
export function SignUpPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const key1 = params.get('key1');
  const key2 = params.get('key2');
  const [step, setStep] = useState<Step>({ kind: 'form', values: EMPTY_REGISTRATION, resending: false });

  if (key1 && key2) {
    return (
      <div className="container py-4">
        <h1>{t('activation.title')}</h1>
        <ActivationView key1={key1} key2={key2} />
      </div>
    );
  }

  return (
    <div className="container py-4">
      <h1>{t('signUp.title')}</h1>
      {step.kind === 'check-mail' ? (
        <CheckMailStep
          email={step.values.email}
          onSendAgain={() => setStep({ kind: 'form', values: { ...step.values, captcha: '' }, resending: true })}
        />
      ) : (
        <>
          <p className="lead">{t('signUp.lead')}</p>
          <RegistrationForm
            initialValues={step.values}
            resending={step.resending}
            onRegistered={(values) => setStep({ kind: 'check-mail', values })}
          />
        </>
      )}
    </div>
  );
}
