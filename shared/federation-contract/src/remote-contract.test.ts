import {
  CHECKED_SINGLETONS,
  compatibleVersions,
  contractMismatch,
  covers,
  type HostContract,
  type RemoteContract,
} from './remote-contract';
import { TEST_SINGLETONS } from './testing';

const singletons = TEST_SINGLETONS;
const host: HostContract = { version: '0.1.0', singletons };
const invoices: RemoteContract = {
  version: '0.1.0',
  exposes: ['routes', 'LatestInvoices'],
  singletons: { ...singletons, 'react-hook-form': '7.92.0' },
};

describe('compatibleVersions (semver)', () => {
  it.each([
    ['1.2.0', '1.9.3', true],
    ['1.2.0', '2.0.0', false],
    ['0.1.0', '0.1.7', true],
    ['0.1.0', '0.2.0', false],
    ['18.3.1', '19.0.0', false],
    ['next', '1.0.0', false],
  ])('%s and %s → %s', (a, b, expected) => {
    expect(compatibleVersions(a, b)).toBe(expected);
  });
});

describe("covers: the page's copy gives a remote everything its build may use", () => {
  it.each([
    ['6.30.6', '6.30.1', true],
    ['6.30.1', '6.30.6', true],
    ['6.31.0', '6.30.6', true],
    ['6.29.0', '6.30.6', false],
    ['7.0.0', '6.30.6', false],
    ['0.1.9', '0.1.0', true],
    ['0.2.0', '0.1.0', false],
  ])('offered %s, needed %s → %s', (offered, needed, expected) => {
    expect(covers(offered, needed)).toBe(expected);
  });
});

describe('contractMismatch', () => {
  it('accepts a remote built on the same contract and singletons', () => {
    expect(contractMismatch('mfInvoices', invoices, host)).toBeUndefined();
    expect(
      contractMismatch(
        'mfInvoices',
        { ...invoices, version: '0.1.4', singletons: { ...singletons, react: '18.2.0' } },
        host,
      ),
    ).toBeUndefined();
    const { ky: _notUsed, ...withoutKy } = singletons;
    expect(contractMismatch('mfInvoices', { ...invoices, singletons: withoutKy }, host)).toBeUndefined();
  });

  it('refuses another contract major, naming both versions', () => {
    expect(contractMismatch('mfInvoices', { ...invoices, version: '1.0.0' }, host)).toBe(
      'mfInvoices implements contract 1.0.0, this shell contract 0.1.0',
    );
  });

  it('refuses a remote that publishes no contract', () => {
    expect(contractMismatch('mfVisa', undefined, host)).toBe(
      'mfVisa publishes no contract version; this shell implements contract 0.1.0',
    );
  });

  it('refuses a remote that lacks a module the shell mounts', () => {
    expect(contractMismatch('mfInvoices', { ...invoices, exposes: ['routes'] }, host)).toContain(
      'does not expose LatestInvoices',
    );
  });

  it.each([...CHECKED_SINGLETONS])('refuses another major of the singleton %s, naming both versions', (singleton) => {
    const published = { ...invoices, singletons: { ...invoices.singletons, [singleton]: '99.0.0' } };
    expect(contractMismatch('mfInvoices', published, host)).toBe(
      `mfInvoices was built with ${singleton} 99.0.0, this shell provides ${singletons[singleton]}`,
    );
  });

  it('refuses a later minor than the page provides: the remote may use exports the page lacks', () => {
    const published = { ...invoices, singletons: { ...singletons, 'react-router-dom': '6.31.0' } };
    expect(contractMismatch('mfInvoices', published, host)).toBe(
      'mfInvoices was built with react-router-dom 6.31.0, this shell provides 6.30.6',
    );
  });

  it('refuses a library the page does not provide', () => {
    const { ky: _none, ...page } = singletons;
    expect(contractMismatch('mfInvoices', invoices, { ...host, singletons: page })).toBe(
      'mfInvoices was built with ky 1.14.3, this shell provides none',
    );
  });

  it('does not check a library that is not shared by the page (a form library of the apps with forms)', () => {
    expect(
      contractMismatch('mfInvoices', { ...invoices, singletons: { ...singletons, 'react-hook-form': '99.0.0' } }, host),
    ).toBeUndefined();
  });
});
