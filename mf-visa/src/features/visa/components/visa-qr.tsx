import { useTranslation } from 'react-i18next';
import { TrafficLight, VisaState, type Visa } from '@varco/contracts';
import { NS } from '../../../i18n/namespace';

/** The states whose QR code is shown (docs/architecture.md: 1, 50 and 20). */
const QR_STATES: readonly number[] = [VisaState.PENDING, VisaState.IN_COMPLETION, VisaState.CUSTOMS_CHECK];

/** docs/domain.md: what to do with the QR code, by state. */
function QrInstruction({ stateCode }: { stateCode: number }) {
  const { t } = useTranslation(NS);
  let text: string | null = null;
  if (stateCode === VisaState.PENDING) text = t('qr.pending');
  else if (stateCode === VisaState.IN_COMPLETION) text = t('qr.inCompletion');
  else if (stateCode === VisaState.CUSTOMS_CHECK) text = t('qr.customsCheck');
  return text ? (
    <p className="mt-3" data-testid="qr-instruction">
      {text}
    </p>
  ) : null;
}

/** The QR code to show at the exit point, with its instruction. */
export function VisaQr({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  if (!visa.qrCode || !QR_STATES.includes(visa.stateCode)) return null;
  return (
    <section className="text-center" aria-labelledby="visa-qr-title" data-testid="visa-qr">
      <h2 className="h5" id="visa-qr-title">
        {t('detail.qrTitle')}
      </h2>
      <img
        src={`data:image/png;base64,${visa.qrCode}`}
        alt={t('detail.qrAlt', { code: visa.requestCode })}
        width={240}
        height={240}
        className="img-fluid"
      />
      <QrInstruction stateCode={visa.stateCode} />
    </section>
  );
}

const LIGHTS = {
  [TrafficLight.GREEN]: { key: 'green', className: 'bg-success' },
  [TrafficLight.YELLOW]: { key: 'yellow', className: 'bg-warning' },
  [TrafficLight.RED]: { key: 'red', className: 'bg-danger' },
} as const;

/** docs/domain.md risk analysis: the traffic light of the result (10 red, 5 yellow, 1 green), told in words, not by colour alone. */
export function VisaTrafficLight({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const analysis = visa.riskAnalysis;
  if (!analysis?.showTrafficLight) return null;
  const code = analysis.codeAnalysisResult;
  const light =
    code === TrafficLight.GREEN || code === TrafficLight.YELLOW || code === TrafficLight.RED ? LIGHTS[code] : null;
  let label: string;
  let meaning: string;
  switch (light?.key) {
    case 'green':
      label = t('risk.green');
      meaning = t('risk.greenText');
      break;
    case 'yellow':
      label = t('risk.yellow');
      meaning = t('risk.yellowText');
      break;
    case 'red':
      label = t('risk.red');
      meaning = t('risk.redText');
      break;
    default:
      label = t('risk.unknown');
      meaning = '';
  }
  return (
    // A plain bordered box, not a callout: the callout's text is set in the serif (Lora), this verdict in the page's face.
    <section
      className="border border-primary rounded p-3 mt-3 text-start"
      aria-labelledby="visa-risk-title"
      data-testid="traffic-light"
      data-light={light?.key ?? 'none'}
    >
      <div>
        <h2 className="h5" id="visa-risk-title">
          {t('risk.title')}
        </h2>
        <p className="d-flex align-items-center gap-2 fw-semibold mb-1">
          <span
            aria-hidden="true"
            className={`d-inline-block rounded-circle ${light?.className ?? 'bg-secondary'}`}
            style={{ width: '1rem', height: '1rem' }}
          />
          <span data-testid="traffic-light-label">{label}</span>
        </p>
        {meaning ? <p className="mb-1">{meaning}</p> : null}
        {analysis.message ? (
          <p className="mb-0" data-testid="traffic-light-message">
            {analysis.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
