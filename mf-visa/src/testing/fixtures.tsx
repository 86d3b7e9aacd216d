import { Route, Routes, useLocation } from 'react-router-dom';
import type { Invoice, Language, Visa } from '@varco/contracts';
import { renderWithProviders } from '@varco/ui/testing';
import VisaRoutes from '../exposed/routes';

export const signedIn = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' };

export const notFound = { status: 404, detail: 'Not Found', extra: {}, type: 'http-error' as const };

export function aVisa(overrides: Partial<Visa> = {}): Visa {
  return {
    idRichiesta: 7,
    visaRequestId: 'VR-7',
    requestCode: 'RQ-2025-0007',
    requestDate: '2025-03-14T09:05:00Z',
    totalAmount: 850,
    totalInvoices: 2,
    stateCode: 1,
    stateDescription: 'Pending',
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceNumber: 'FT-2025-0001',
    idRichiestaRimborso: 1,
    emissionDate: '2025-03-14',
    vendorName: 'Boutique Roma',
    totalAmount: 300,
    ivaAmount: 54.1,
    brokerName: null,
    requestCode: 'RQ-1',
    codeCustomsOffice: null,
    dateRelease: null,
    codeRelease: null,
    stateCode: 30,
    stateDescription: 'Available',
    inCompletion: false,
    exitDeadline: '2025-06-30',
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

/** Renders the routes of this remote where the shell mounts them, signed in. */
export function renderRoutes(route: string, language: Language = 'en_US') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/protected/visa/*" element={<VisaRoutes />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route, user: signedIn, language },
  );
}
