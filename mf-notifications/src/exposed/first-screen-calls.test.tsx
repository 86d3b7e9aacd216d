import { requestJson } from '@varco/http';
import { callsOnMount, declaredFirstScreenCalls } from '@varco/ui/testing';
import declared from '../../first-screen-calls.json';
import Bell from './bell';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));

describe("the first-screen calls in mf-notifications' manifest", () => {
  it('are what the Bell asks for as it mounts', async () => {
    expect(await callsOnMount(<Bell />, jest.mocked(requestJson))).toEqual(declaredFirstScreenCalls(declared.Bell));
  });
});
