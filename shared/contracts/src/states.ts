/** Invoice and visa request state codes (docs/domain.md). */
export const InvoiceState = {
  AVAILABLE_NEW: 1,
  AVAILABLE: 30,
  DENIED: 10,
  DENIED_ALT: 20,
  CUSTOMS_CHECK: 40,
  NOT_SELECTED: 50,
  IN_REQUEST: 90,
  GRANTED: 100,
} as const;

export const VisaState = {
  PENDING: 1,
  EXPIRED: 10,
  CUSTOMS_CHECK: 20,
  IN_COMPLETION: 50,
  COMPLETED: 100,
} as const;

export const TrafficLight = {
  GREEN: 1,
  YELLOW: 5,
  RED: 10,
} as const;

export type BadgeColor = 'blue' | 'orange' | 'green' | 'red' | 'gray';

/**
 * What an invoice's state means to the traveler (docs/domain.md): two codes mean available, two denied; a granted
 * invoice is in completion until its refund is done.
 */
export type InvoiceStateGroup =
  'available' | 'inRequest' | 'granted' | 'inCompletion' | 'customsCheck' | 'notSelected' | 'denied' | 'other';

export function invoiceStateGroup(stateCode: number, inCompletion = false): InvoiceStateGroup {
  switch (stateCode) {
    case InvoiceState.AVAILABLE_NEW:
    case InvoiceState.AVAILABLE:
      return 'available';
    case InvoiceState.IN_REQUEST:
      return 'inRequest';
    case InvoiceState.GRANTED:
      return inCompletion ? 'inCompletion' : 'granted';
    case InvoiceState.CUSTOMS_CHECK:
      return 'customsCheck';
    case InvoiceState.NOT_SELECTED:
      return 'notSelected';
    case InvoiceState.DENIED:
    case InvoiceState.DENIED_ALT:
      return 'denied';
    default:
      return 'other';
  }
}

export function isInvoiceAvailable(stateCode: number): boolean {
  return invoiceStateGroup(stateCode) === 'available';
}

const INVOICE_BADGE_COLORS: Record<InvoiceStateGroup, BadgeColor> = {
  available: 'blue',
  inRequest: 'orange',
  granted: 'green',
  inCompletion: 'orange',
  customsCheck: 'red',
  notSelected: 'red',
  denied: 'red',
  other: 'orange',
};

/** Badge colour of an invoice state; `inCompletion` is the 'in completion' label of a granted invoice. */
export function invoiceBadgeColor(stateCode: number, inCompletion = false): BadgeColor {
  return INVOICE_BADGE_COLORS[invoiceStateGroup(stateCode, inCompletion)];
}

/** Badge colour of a visa request state; `riskAnalysis` marks a pending request under risk analysis. */
export function visaBadgeColor(
  stateCode: number,
  options: { inCompletion?: boolean; riskAnalysis?: boolean } = {},
): BadgeColor {
  switch (stateCode) {
    case VisaState.PENDING:
      return options.riskAnalysis ? 'blue' : 'orange';
    case VisaState.EXPIRED:
      return 'gray';
    case VisaState.CUSTOMS_CHECK:
      return 'red';
    case VisaState.IN_COMPLETION:
    case VisaState.COMPLETED:
      return options.inCompletion || stateCode === VisaState.IN_COMPLETION ? 'orange' : 'green';
    default:
      return 'orange';
  }
}

/** The invoices of the Available tab (SOLO_EMESSE): issued and not yet in a request. */
export const INVOICE_AVAILABLE_STATES: readonly number[] = [InvoiceState.AVAILABLE_NEW, InvoiceState.AVAILABLE];
/** The invoices of the Completed tab (SOLO_COMPLETATE): customs has decided, nothing is left for the traveler to do. */
export const INVOICE_COMPLETED_STATES: readonly number[] = [
  InvoiceState.GRANTED,
  InvoiceState.NOT_SELECTED,
  InvoiceState.DENIED,
  InvoiceState.DENIED_ALT,
];
