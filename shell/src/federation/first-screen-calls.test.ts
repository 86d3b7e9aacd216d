import { waitFor } from '@testing-library/react';
import { apiClient } from '../session/api-client';
import { expectFirstScreen, firstScreenCallsPlugin } from './first-screen-calls';

const startEarly = jest.fn();
jest.mock('../session/api-client', () => ({ apiClient: jest.fn() }));
jest.mock('@varco/i18n', () => ({ languageKnown: jest.fn(async () => undefined) }));

const latestVisas = { path: 'v1/private/visa/list', searchParams: { page: 0, limit: 4 }, language: true };
const usable = { path: 'v1/private/invoices/usable', language: true };
const manifest = {
  metaData: {
    firstScreenCalls: {
      LatestVisas: [latestVisas],
      AddVisaButton: [usable],
      routes: [{ path: 'v1/private/visa/area' }],
    },
  },
};

type Hook = (args: { manifestJson?: unknown; moduleInfo: { name: string }; error?: unknown }) => void;
const afterLoadManifest = firstScreenCallsPlugin().afterLoadManifest as unknown as Hook;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  startEarly.mockClear();
  jest.mocked(apiClient).mockResolvedValue({ startEarly } as unknown as Awaited<ReturnType<typeof apiClient>>);
});

describe('firstScreenCallsPlugin', () => {
  it("starts the calls the manifest declares for the first screen's widgets of that remote, once", async () => {
    expectFirstScreen([{ nameOrAlias: 'mfVisa', exposes: ['LatestVisas', 'AddVisaButton'] }]);
    afterLoadManifest({ manifestJson: manifest, moduleInfo: { name: 'mfVisa' } });
    await waitFor(() => expect(startEarly).toHaveBeenCalledTimes(2));
    expect(startEarly.mock.calls.map(([call]) => call)).toEqual([latestVisas, usable]);
    // The same manifest read again (another load of the remote) starts nothing more.
    afterLoadManifest({ manifestJson: manifest, moduleInfo: { name: 'mfVisa' } });
    await flush();
    expect(startEarly).toHaveBeenCalledTimes(2);
  });

  it("starts a page's call on its own route only, with the page's id in its path", async () => {
    const detail = { route: ':id', path: 'v1/private/visa/{id}', language: true };
    const pages = { metaData: { firstScreenCalls: { ...manifest.metaData.firstScreenCalls, routes: [detail] } } };
    expectFirstScreen([{ nameOrAlias: 'mfVisa', exposes: ['routes'], below: '/create' }]);
    afterLoadManifest({ manifestJson: pages, moduleInfo: { name: 'mfVisa' } });
    await flush();
    expect(startEarly).not.toHaveBeenCalled();
    expectFirstScreen([{ nameOrAlias: 'mfVisa', exposes: ['routes'], below: '/12' }]);
    afterLoadManifest({ manifestJson: pages, moduleInfo: { name: 'mfVisa' } });
    await waitFor(() => expect(startEarly).toHaveBeenCalledTimes(1));
    expect(startEarly).toHaveBeenCalledWith({ path: 'v1/private/visa/12', language: true });
  });

  it('starts nothing for a remote the first screen does not mount, a module it does not mount, a manifest that failed', async () => {
    afterLoadManifest({ manifestJson: manifest, moduleInfo: { name: 'mfInvoices' } });
    expectFirstScreen([{ nameOrAlias: 'mfNotifications', exposes: ['Bell'] }]);
    afterLoadManifest({ manifestJson: manifest, moduleInfo: { name: 'mfNotifications' } });
    expectFirstScreen([{ nameOrAlias: 'mfVisa', exposes: ['LatestVisas'] }]);
    afterLoadManifest({ manifestJson: undefined, moduleInfo: { name: 'mfVisa' }, error: new Error('down') });
    await flush();
    expect(startEarly).not.toHaveBeenCalled();
  });
});
