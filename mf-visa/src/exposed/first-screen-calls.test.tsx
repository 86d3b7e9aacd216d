import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { callsOnMount, declaredFirstScreenCalls } from '@varco/ui/testing';
import { renderRoutes } from '../testing/fixtures';
import declared from '../../first-screen-calls.json';
import AddVisaButton from './add-visa-button';
import LatestVisas from './latest-visas';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));

describe("the first-screen calls in mf-visa's manifest", () => {
  it('are what LatestVisas asks for as it mounts', async () => {
    expect(await callsOnMount(<LatestVisas />, jest.mocked(requestJson))).toEqual(
      declaredFirstScreenCalls(declared.LatestVisas),
    );
  });

  it('are what the detail of a request, with its QR, asks for as it opens by its address', async () => {
    expect(await callsOnMount(() => renderRoutes('/protected/visa/12'), jest.mocked(requestJson))).toEqual(
      declaredFirstScreenCalls(declared.routes, '12'),
    );
    expect(declaredFirstScreenCalls(declared.routes, '12')).toEqual([
      { path: 'v1/private/visa/12', searchParams: { language: 'EN' } },
    ]);
  });

  it('are nothing for the pages that ask for something else (the list, the wizard)', () => {
    expect(declaredFirstScreenCalls(declared.routes, '')).toEqual([]);
    expect(declaredFirstScreenCalls(declared.routes, 'create')).toEqual([]);
  });

  it('are what AddVisaButton asks for as it mounts', async () => {
    sessionStore.setState({ visaCreationEnabled: true });
    expect(await callsOnMount(<AddVisaButton />, jest.mocked(requestJson))).toEqual(
      declaredFirstScreenCalls(declared.AddVisaButton),
    );
  });
});
