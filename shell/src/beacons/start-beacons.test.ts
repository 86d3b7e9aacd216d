import { beaconUrl } from './start-beacons';

describe('startBeacons', () => {
  it('sends to the api’s beacon path, whatever form the api address has', () => {
    expect(beaconUrl('/api')).toBe('http://localhost/api/v1/public/beacons');
    expect(beaconUrl('/api/')).toBe('http://localhost/api/v1/public/beacons');
    expect(beaconUrl('https://api.varco.example')).toBe('https://api.varco.example/v1/public/beacons');
  });
});
