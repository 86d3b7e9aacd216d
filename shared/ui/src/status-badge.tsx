import { useTranslation } from 'react-i18next';
import {
  InvoiceState,
  VisaState,
  invoiceBadgeColor,
  isInvoiceAvailable,
  visaBadgeColor,
  type BadgeColor,
} from '@varco/contracts/plain';

const BADGE_CLASS: Record<BadgeColor, string> = {
  blue: 'bg-primary',
  orange: 'bg-warning',
  green: 'bg-success',
  red: 'bg-danger',
  gray: 'bg-secondary',
};

function Badge({ color, label }: { color: BadgeColor; label: string }) {
  return (
    <span className={`badge rounded-pill text-wrap ${BADGE_CLASS[color]}`} data-color={color}>
      {label}
    </span>
  );
}

/**
 * An invoice's state. `exitDeadlinePassed`: an invoice still available whose exit deadline has passed can no longer go
 * into a request, so it does not read "Available" but "Expired", in gray.
 */
export function InvoiceStatusBadge({
  stateCode,
  inCompletion = false,
  exitDeadlinePassed = false,
}: {
  stateCode: number;
  inCompletion?: boolean;
  exitDeadlinePassed?: boolean;
}) {
  const { t } = useTranslation('common');
  if (exitDeadlinePassed && isInvoiceAvailable(stateCode))
    return <Badge color="gray" label={t('invoiceState.expired')} />;
  return (
    <Badge color={invoiceBadgeColor(stateCode, inCompletion)} label={invoiceStateLabel(stateCode, inCompletion, t)} />
  );
}

export function VisaStatusBadge({
  stateCode,
  inCompletion = false,
  riskAnalysis = false,
}: {
  stateCode: number;
  inCompletion?: boolean;
  riskAnalysis?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Badge
      color={visaBadgeColor(stateCode, { inCompletion, riskAnalysis })}
      label={visaStateLabel(stateCode, { inCompletion, riskAnalysis }, t)}
    />
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function invoiceStateLabel(stateCode: number, inCompletion: boolean, t: Translate): string {
  switch (stateCode) {
    case InvoiceState.AVAILABLE_NEW:
    case InvoiceState.AVAILABLE:
      return t('invoiceState.available');
    case InvoiceState.IN_REQUEST:
      return t('invoiceState.inProgress');
    case InvoiceState.GRANTED:
      return inCompletion ? t('invoiceState.inCompletion') : t('invoiceState.granted');
    case InvoiceState.CUSTOMS_CHECK:
      return t('invoiceState.customsCheck');
    case InvoiceState.NOT_SELECTED:
      return t('invoiceState.notSelected');
    case InvoiceState.DENIED:
    case InvoiceState.DENIED_ALT:
      return t('invoiceState.denied');
    default:
      return t('invoiceState.other', { code: stateCode });
  }
}

export function visaStateLabel(
  stateCode: number,
  flags: { inCompletion: boolean; riskAnalysis: boolean },
  t: Translate,
): string {
  switch (stateCode) {
    case VisaState.PENDING:
      return flags.riskAnalysis ? t('visaState.riskAnalysis') : t('visaState.pending');
    case VisaState.EXPIRED:
      return t('visaState.expired');
    case VisaState.CUSTOMS_CHECK:
      return t('visaState.customsCheck');
    case VisaState.IN_COMPLETION:
      return t('visaState.inCompletion');
    case VisaState.COMPLETED:
      return flags.inCompletion ? t('visaState.inCompletion') : t('visaState.completed');
    default:
      return t('visaState.other', { code: stateCode });
  }
}
