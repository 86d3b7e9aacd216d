import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VisaState } from '@varco/contracts';
import { visaStateDescription } from './visa-view';

describe('visa state description', () => {
  it('names each state in the language asked, and any other as being processed', () => {
    assert.equal(visaStateDescription(VisaState.PENDING, 'EN'), 'Pending');
    assert.equal(visaStateDescription(VisaState.CUSTOMS_CHECK, 'IT'), 'Controllo doganale');
    assert.equal(visaStateDescription(-1, 'EN'), 'Being processed');
  });
});
