import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';

export type WizardStep = 1 | 2 | 3;

/** The three steps of the wizard (docs/screens.md), the current one marked. */
export function StepIndicator({ current }: { current: WizardStep }) {
  const { t } = useTranslation(NS);
  const steps: Array<{ step: WizardStep; label: string }> = [
    { step: 1, label: t('wizard.step1') },
    { step: 2, label: t('wizard.step2') },
    { step: 3, label: t('wizard.step3') },
  ];
  return (
    <nav className="steppers mb-4" aria-label={t('wizard.stepsLabel')}>
      <div className="steppers-header">
        <ol className="d-flex flex-wrap list-unstyled gap-2 mb-0" data-testid="step-indicator">
          {steps.map(({ step, label }) => {
            const state = step < current ? 'confirmed' : step === current ? 'active' : '';
            return (
              <li key={step} className={state} aria-current={step === current ? 'step' : undefined}>
                <span className="steppers-number me-1">{step}</span>
                {label}
                {step < current ? <span className="visually-hidden"> {t('wizard.stepDone')}</span> : null}
              </li>
            );
          })}
        </ol>
      </div>
    </nav>
  );
}
