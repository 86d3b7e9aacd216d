import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson, requestVoid } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { sessionStore } from '@varco/session';
import { TEST_TRAVELER } from '@varco/ui/testing';
import { renderSection } from '../../../testing/render-section';
import { PROFILE } from '../../../testing/traveler';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);

/** The api as the page sees it: the profile, and the lookups that name its codes. */
function answerWithProfile() {
  requestJsonMock.mockImplementation(async (path: string) => {
    if (path.endsWith('typology/COUNTRY')) return [{ code: 'US', description: 'United States' }];
    if (path.endsWith('typology/DOCUMENT_TYPE')) return [{ code: 'PASSPORT', description: 'Passport' }];
    if (path.endsWith('private/passkeys')) return { passkeys: [] };
    return PROFILE;
  });
}

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
});

describe('profile (docs/screens.md /protected/edit-user)', () => {
  it('shows the traveler read-only', async () => {
    answerWithProfile();
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profile');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Mario');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('May 17, 1980');
    expect(screen.getByLabelText('Document number')).toHaveValue('YA1234567');
    expect(await screen.findByDisplayValue('Passport')).toBeInTheDocument();
    expect(screen.getByLabelText('Country of residence')).toHaveValue('United States');
    expect(screen.queryByLabelText('Zone of residence')).not.toBeInTheDocument();
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/traveler/user-info', expect.anything());
  });

  it('never shows a code in place of its name: the fields wait for the lists that name them', async () => {
    let answerCountries: (list: unknown) => void = () => undefined;
    requestJsonMock.mockImplementation((path: string) => {
      if (path.endsWith('typology/COUNTRY')) return new Promise((resolve) => (answerCountries = resolve));
      if (path.endsWith('typology/DOCUMENT_TYPE'))
        return Promise.resolve([{ code: 'PASSPORT', description: 'Passport' }]);
      if (path.endsWith('private/passkeys')) return Promise.resolve({ passkeys: [] });
      return Promise.resolve(PROFILE);
    });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    // The profile and the document types have answered; the countries have not.
    const asked = () => requestJsonMock.mock.calls.map(([path]) => path);
    await waitFor(() =>
      expect(asked()).toEqual(
        expect.arrayContaining(['v1/private/traveler/user-info', expect.stringMatching(/typology\/DOCUMENT_TYPE$/)]),
      ),
    );
    await screen.findByText('Loading…');
    expect(screen.queryByDisplayValue('US')).not.toBeInTheDocument();
    answerCountries([{ code: 'US', description: 'United States' }]);
    expect(await screen.findByLabelText('Country of residence')).toHaveValue('United States');
    expect(screen.getByLabelText('Country of the document')).toHaveValue('United States');
  });

  it("names the zone of residence from its country's zones", async () => {
    requestJsonMock.mockImplementation(async (path: string) => {
      if (path.endsWith('typology/COUNTRY')) return [{ code: 'IT', description: 'Italy' }];
      if (path.endsWith('typology/DOCUMENT_TYPE')) return [{ code: 'PASSPORT', description: 'Passport' }];
      if (path.endsWith('free-zone/IT')) return [{ code: 'LIV', description: 'Livigno' }];
      if (path.endsWith('private/passkeys')) return { passkeys: [] };
      return { ...PROFILE, paeseResidenzaCodice: 'IT', zonaResidenzaCodice: 'LIV' };
    });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    expect(await screen.findByLabelText('Zone of residence')).toHaveValue('Livigno');
    expect(screen.getByLabelText('Country of residence')).toHaveValue('Italy');
  });

  it('shows the code when the list that names it cannot be read', async () => {
    requestJsonMock.mockImplementation(async (path: string) => {
      if (path.endsWith('typology/COUNTRY'))
        throw { status: 503, detail: 'Unavailable', extra: {}, type: 'http-error' };
      if (path.endsWith('typology/DOCUMENT_TYPE')) return [{ code: 'PASSPORT', description: 'Passport' }];
      if (path.endsWith('private/passkeys')) return { passkeys: [] };
      return PROFILE;
    });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    expect(await screen.findByLabelText('Country of residence', {}, { timeout: 10_000 })).toHaveValue('US');
    expect(screen.getByLabelText('Document type')).toHaveValue('Passport');
  });

  it('shows the generic error when the profile cannot be loaded', async () => {
    requestJsonMock.mockRejectedValue({ status: 404, detail: 'Not Found', extra: {}, type: 'http-error' });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('deletes the account only after a confirmation, then signs out', async () => {
    answerWithProfile();
    requestVoidMock.mockResolvedValue(undefined);
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(requestVoidMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Delete your account?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/private/traveler', { method: 'DELETE' });
    await waitFor(() => expect(sessionStore.getState().user).toEqual({}));
  });

  it.each([
    ['en_US', 'Your account and your personal data have been deleted.'],
    ['it_IT', 'Il tuo account e i tuoi dati personali sono stati eliminati.'],
  ] as const)('confirms the deletion once on the sign-in page the traveler lands on (%s)', async (language, text) => {
    answerWithProfile();
    requestVoidMock.mockResolvedValue(undefined);
    const profile = renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER, language });
    await userEvent.click(await screen.findByRole('button', { name: /^(Delete my account|Elimina il mio account)$/ }));
    await userEvent.click(
      screen.getByRole('button', { name: /^(Yes, delete my account|Sì, elimina il mio account)$/ }),
    );
    await waitFor(() => expect(sessionStore.getState().user).toEqual({}));
    profile.unmount();

    const landing = renderSection('sign-in', '/sign-in', { language });
    expect(screen.getByTestId('account-deleted')).toHaveTextContent(text);
    expect(screen.getByTestId('account-deleted')).toHaveAttribute('role', 'status');
    landing.unmount();
    // The next visit of the page (another navigation, a reload) says nothing more.
    renderSection('sign-in', '/sign-in', { language });
    expect(screen.queryByTestId('account-deleted')).not.toBeInTheDocument();
  });

  it('says nothing about a deletion on a plain visit of the sign-in page', () => {
    renderSection('sign-in', '/sign-in');
    expect(screen.queryByTestId('account-deleted')).not.toBeInTheDocument();
  });

  it('keeps the account and shows the detail when the deletion fails', async () => {
    answerWithProfile();
    requestVoidMock.mockRejectedValue({
      status: 500,
      detail: 'Please try again later.',
      extra: {},
      type: 'http-error',
    });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again later.');
    expect(sessionStore.getState().user.numeroDocumento).toBe('YA1234567');
  });
});
