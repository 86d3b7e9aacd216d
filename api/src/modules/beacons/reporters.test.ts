import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createReporterCounts, reporterOf } from './reporters';

describe('who reported', () => {
  it('is an IPv4 address, the IPv4 address an IPv6 one maps, or the /56 of an IPv6 address', () => {
    assert.equal(reporterOf('203.0.113.9'), '203.0.113.9');
    assert.equal(reporterOf('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(reporterOf('::ffff:cb00:7109'), '203.0.113.9');
    const subscriber = reporterOf('2001:db8:0:ab00::1');
    assert.equal(subscriber, '2001:db8:0:ab00::/56');
    for (const address of ['2001:db8:0:abff:ffff:ffff:ffff:ffff', '2001:0db8:0000:ab12::', '2001:db8:0:ab34::9%eth0'])
      assert.equal(reporterOf(address), subscriber, address);
    assert.notEqual(reporterOf('2001:db8:0:ac00::1'), subscriber);
    assert.notEqual(reporterOf('2001:db8:1:ab00::1'), subscriber);
  });

  it('counts once per key and period, forgets with the period, and bounds what it remembers', () => {
    let now = 0;
    const counts = createReporterCounts({ now: () => now, periodMs: 1000, perKey: 3 });
    const first = counts.reporter('203.0.113.9');
    assert.equal(counts.reporter('203.0.113.9'), first, 'the same hash within a period');
    assert.equal(counts.firstSighting('mfVisa 1.0.0 load', first), true);
    assert.equal(counts.firstSighting('mfVisa 1.0.0 load', first), false);
    assert.equal(counts.firstSighting('mfVisa 1.0.0 load_failed', first), true, 'each key on its own');
    now = 1000;
    const next = counts.reporter('203.0.113.9');
    assert.notEqual(next, first, 'a new key each period: hashes of two periods cannot be linked');
    assert.equal(counts.firstSighting('mfVisa 1.0.0 load', next), true);
    // A full key starts again: memory stays bounded, and a reporter seen before may count once more.
    for (const host of [1, 2])
      assert.equal(counts.firstSighting('mfVisa 1.0.0 load', counts.reporter(`192.0.2.${host}`)), true);
    assert.equal(counts.firstSighting('mfVisa 1.0.0 load', next), true);
  });
});
