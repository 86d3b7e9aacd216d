import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { NS } from '../../../i18n/namespace';

/** The label of a field the server named in `extra` (with or without the `travel.` prefix); unknown names are shown as they are. */
function useFieldLabel(): (field: string) => string | null {
  const { t } = useTranslation(NS);
  return (field) => {
    switch (field.replace(/^travel\./, '')) {
      case 'generic':
        return null;
      case 'invoices':
        return t('summary.invoicesTitle');
      case 'transportType':
        return t('travel.fields.transportType');
      case 'crewMember':
        return t('travel.fields.crewMember');
      case 'travelDocType':
        return t('travel.fields.documentType');
      case 'travelDocNumber':
        return t('travel.fields.documentNumber');
      case 'destinationCountry':
        return t('travel.fields.destinationCountry');
      case 'destinationFreeZone':
        return t('travel.fields.destinationFreeZone');
      case 'flightNumber':
        return t('travel.fields.flightNumber');
      case 'destinationAirport':
        return t('travel.fields.destinationAirport');
      case 'travelDate':
        return t('travel.fields.departureDate');
      default:
        return field;
    }
  };
}

/**
 * docs/calls.md visa submit: the server's detail, then one line per field it named, as 'field label: message'. The
 * network text when it could not be reached, the generic text when it said nothing.
 */
export function SubmitErrors({ error }: { error: unknown }) {
  const { t } = useTranslation(NS);
  const labelOf = useFieldLabel();
  const clientError = isClientError(error) ? error : undefined;
  const lines: string[] = [];
  if (clientError?.type === 'network-error') lines.push(t('common:errors.network'));
  else {
    if (clientError?.detail && clientError.type !== 'invalid-response') lines.push(clientError.detail);
    for (const [field, message] of Object.entries(clientError?.extra ?? {})) {
      const label = labelOf(field);
      lines.push(label ? `${label}: ${message}` : message);
    }
    if (lines.length === 0) lines.push(t('common:errors.generic'));
  }
  return (
    <div className="alert alert-danger" role="alert" tabIndex={-1} data-testid="submit-errors">
      <p className="fw-semibold mb-1">{t('summary.submitError')}</p>
      <ul className="mb-0">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
