import { CONTRACT_VERSION } from '@varco/federation-contract';
import { TEST_SINGLETONS } from '@varco/federation-contract/testing';
import { contractPlugin, hostContract, IncompatibleRemoteError } from './contract-plugin';
import { fallbackPlugin } from './fallback-plugin';

const singletons = TEST_SINGLETONS;
// The shell's shared modules as the runtime lists them: its own, and those a loaded remote registered beside them.
const shared = Object.fromEntries(
  Object.entries(singletons).map(([name, version]) => [
    name,
    [
      { version: '99.0.0', from: 'mfVisa' },
      { version, from: 'shell' },
    ],
  ]),
);
const origin = { options: { name: 'shell', shared } };
const manifest = (contract: unknown) => ({ metaData: { contract } });
const invoices = { version: CONTRACT_VERSION, exposes: ['routes', 'LatestInvoices'], singletons };

type AfterLoadManifest = (args: {
  manifestUrl: string;
  manifestJson?: unknown;
  moduleInfo: { name: string };
  error?: unknown;
  origin: unknown;
}) => unknown;
const afterLoadManifest = (plugin = contractPlugin()) => plugin.afterLoadManifest as unknown as AfterLoadManifest;
const url = 'http://cdn.test/mf-invoices/9.0.0/mf-manifest.json';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('contractPlugin', () => {
  it("takes the shell's own versions, not those of remotes, and the contract version of its federation contract", () => {
    expect(hostContract(shared, 'shell')).toEqual({ version: CONTRACT_VERSION, singletons });
  });

  it('lets a remote of the same contract through', () => {
    expect(() =>
      afterLoadManifest()({
        manifestUrl: url,
        manifestJson: manifest(invoices),
        moduleInfo: { name: 'mfInvoices' },
        origin,
      }),
    ).not.toThrow();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('refuses a remote of another contract major, logging the reason once with both versions', () => {
    const check = afterLoadManifest();
    const args = {
      manifestUrl: url,
      manifestJson: manifest({ ...invoices, version: '2.0.0' }),
      moduleInfo: { name: 'mfInvoices' },
      origin,
    };
    expect(() => check(args)).toThrow(IncompatibleRemoteError);
    expect(() => check(args)).toThrow(`mfInvoices implements contract 2.0.0, this shell contract ${CONTRACT_VERSION}`);
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(
      `[federation] ${url} is not mounted: mfInvoices implements contract 2.0.0, this shell contract ${CONTRACT_VERSION}`,
    );
  });

  it('refuses a remote built with another React major', () => {
    expect(() =>
      afterLoadManifest()({
        manifestUrl: url,
        manifestJson: manifest({ ...invoices, singletons: { ...singletons, react: '19.1.0' } }),
        moduleInfo: { name: 'mfInvoices' },
        origin,
      }),
    ).toThrow('mfInvoices was built with react 19.1.0, this shell provides 18.3.1');
  });

  it('leaves a manifest that could not be fetched to the other layers', () => {
    expect(
      afterLoadManifest()({ manifestUrl: url, error: new Error('down'), moduleInfo: { name: 'mfInvoices' }, origin }),
    ).toBeUndefined();
  });

  it('is answered with the stand-in without a second log', () => {
    const standIn = { default: () => null };
    const errorLoadRemote = fallbackPlugin(() => standIn).errorLoadRemote as unknown as (args: {
      id: string;
      error: unknown;
      lifecycle: string;
    }) => unknown;
    expect(
      errorLoadRemote({ id: 'mfInvoices/routes', error: new IncompatibleRemoteError('skew'), lifecycle: 'onLoad' }),
    ).toBe(standIn);
    expect(console.error).not.toHaveBeenCalled();
  });
});
