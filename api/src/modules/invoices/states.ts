import { invoiceStateGroup, type ServerLanguage } from '@varco/contracts';
import { translate, type MessageKey } from '../../i18n/messages';

/** The catalogue key of an invoice state's description (docs/domain.md); in completion only qualifies a granted invoice. */
export function invoiceStateKey(stateCode: number, inCompletion: boolean): MessageKey {
  return `invoiceState.${invoiceStateGroup(stateCode, inCompletion)}`;
}

/** What the machine clients (merchants, the exit point) read of an invoice's state: its visa release once granted. */
export interface InvoiceStateRow {
  state_code: number;
  in_completion: boolean;
  release_date: Date | null;
  release_code: string | null;
  customs_office: string | null;
}

/** An invoice's state as the merchants' and the exit point's answers give it: code, description in `language`, release. */
export function invoiceStateOf(row: InvoiceStateRow, language: ServerLanguage) {
  return {
    stateCode: row.state_code,
    stateDescription: translate(language, invoiceStateKey(row.state_code, row.in_completion)),
    release:
      row.release_date && row.release_code && row.customs_office
        ? { date: row.release_date.toISOString(), code: row.release_code, customsOffice: row.customs_office }
        : null,
  };
}
