import { compatibleVersions, contractMismatch, type HostContract, type RemoteContract } from './remote-contract';

const singletons = { react: '18.3.1', 'react-dom': '18.3.1', 'react-router-dom': '6.30.6', '@varco/session': '0.1.0', '@varco/http': '0.1.0', '@varco/i18n': '0.1.0' };
const host: HostContract = { version: '0.1.0', singletons };
const invoices: RemoteContract = { version: '0.1.0', exposes: ['routes', 'LatestInvoices'], singletons: { ...singletons, zustand: '5.1.0' } };

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

describe('contractMismatch', () => {
  it('accepts a remote built on the same contract and singletons', () => {
    expect(contractMismatch('mfInvoices', invoices, host)).toBeUndefined();
    expect(contractMismatch('mfInvoices', { ...invoices, version: '0.1.4', singletons: { ...singletons, react: '18.2.0' } }, host)).toBeUndefined();
  });

  it('refuses another contract major, naming both versions', () => {
    expect(contractMismatch('mfInvoices', { ...invoices, version: '1.0.0' }, host)).toBe('mfInvoices implements contract 1.0.0, this shell contract 0.1.0');
  });

  it('refuses a remote that publishes no contract', () => {
    expect(contractMismatch('mfVisa', undefined, host)).toBe('mfVisa publishes no contract version; this shell implements contract 0.1.0');
  });

  it('refuses a remote that lacks a module the shell mounts', () => {
    expect(contractMismatch('mfInvoices', { ...invoices, exposes: ['routes'] }, host)).toContain('does not expose LatestInvoices');
  });

  it.each(['react', 'react-dom', 'react-router-dom', '@varco/session', '@varco/http', '@varco/i18n'])('refuses another major of the singleton %s', (singleton) => {
    const published = { ...invoices, singletons: { ...invoices.singletons, [singleton]: '99.0.0' } };
    expect(contractMismatch('mfInvoices', published, host)).toBe(`mfInvoices was built with ${singleton} 99.0.0, this shell has ${singletons[singleton as keyof typeof singletons]}`);
  });

  it('does not refuse for a library the page does not need to be single (not checked)', () => {
    expect(contractMismatch('mfInvoices', { ...invoices, singletons: { ...singletons, zustand: '4.0.0' } }, host)).toBeUndefined();
  });
});
