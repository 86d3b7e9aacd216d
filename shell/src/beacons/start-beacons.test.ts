import { TEST_RUNTIME_CONFIG } from '@varco/federation-contract/testing';
import { beaconUrl, startBeacons } from './start-beacons';
import { observeVitals } from './vitals';

jest.mock('./vitals', () => ({ observeVitals: jest.fn() }));

describe('startBeacons', () => {
  it('sends to the api’s beacon path, whatever form the api address has', () => {
    expect(beaconUrl('/api')).toBe('http://localhost/api/v1/public/beacons');
    expect(beaconUrl('/api/')).toBe('http://localhost/api/v1/public/beacons');
    expect(beaconUrl('https://api.varco.example')).toBe('https://api.varco.example/v1/public/beacons');
  });

  it('observes the vitals only once the loaded page is idle', async () => {
    const idle: Array<() => void> = [];
    Object.assign(window, {
      requestIdleCallback: jest.fn((callback: () => void) => idle.push(callback)),
      cancelIdleCallback: jest.fn(),
    });
    expect(document.readyState).toBe('complete');
    startBeacons({ config: TEST_RUNTIME_CONFIG, manifests: TEST_RUNTIME_CONFIG.remotes });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observeVitals).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observeVitals).toHaveBeenCalledTimes(1);
  });
});
