import { Route, Routes, useLocation } from 'react-router-dom';
import { addDays, romeToday, type Invoice, type Language } from '@varco/contracts';
import { renderWithProviders } from '@varco/ui/testing';
import InvoicesRoutes from '../exposed/routes';

export const signedIn = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' };

/** The ISO day `days` days after today in Italy (negative: before), for exit deadlines relative to the test run. */
export function dayFromToday(days: number): string {
  return addDays(romeToday(), days);
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceNumber: 'FT-2025-0001',
    idRichiestaRimborso: 1,
    emissionDate: '2025-03-14',
    vendorName: 'Boutique Roma',
    totalAmount: 1234.5,
    ivaAmount: 222.62,
    brokerName: null,
    requestCode: 'RQ-1',
    codeCustomsOffice: null,
    dateRelease: null,
    codeRelease: null,
    stateCode: 30,
    stateDescription: 'Available',
    inCompletion: false,
    // Far enough away for no warning, whatever the day the tests run.
    exitDeadline: dayFromToday(60),
    ...overrides,
  };
}

export const notFound = { status: 404, detail: 'Not Found', extra: {}, type: 'http-error' as const };

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

/** Renders the routes of this remote where the shell mounts them, signed in. */
export function renderRoutes(route: string, language: Language = 'en_US') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/protected/invoice/*" element={<InvoicesRoutes />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route, user: signedIn, language },
  );
}
