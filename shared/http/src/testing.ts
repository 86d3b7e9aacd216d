/**
 * The package with its requests replaced by jest mocks, for a component test that answers its calls itself:
 * `jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests())`
 * (a mock factory may only reach modules through jest).
 */
export function mockedRequests() {
  return {
    ...jest.requireActual<typeof import('./index')>('./index'),
    requestJson: jest.fn(),
    requestVoid: jest.fn(),
    requestBlob: jest.fn(),
  };
}

export type HttpTesting = { mockedRequests: typeof mockedRequests };
