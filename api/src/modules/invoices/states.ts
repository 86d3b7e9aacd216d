import { InvoiceState } from '@varco/contracts';
import type { MessageKey } from '../../i18n/messages';

/** The catalogue key of an invoice state's description (docs/domain.md); in completion only qualifies a granted invoice. */
export function invoiceStateKey(stateCode: number, inCompletion: boolean): MessageKey {
  switch (stateCode) {
    case InvoiceState.AVAILABLE_NEW:
    case InvoiceState.AVAILABLE:
      return 'invoiceState.available';
    case InvoiceState.IN_REQUEST:
      return 'invoiceState.inRequest';
    case InvoiceState.GRANTED:
      return inCompletion ? 'invoiceState.inCompletion' : 'invoiceState.granted';
    case InvoiceState.CUSTOMS_CHECK:
      return 'invoiceState.customsCheck';
    case InvoiceState.NOT_SELECTED:
      return 'invoiceState.notSelected';
    case InvoiceState.DENIED:
    case InvoiceState.DENIED_ALT:
      return 'invoiceState.denied';
    default:
      return 'invoiceState.other';
  }
}
