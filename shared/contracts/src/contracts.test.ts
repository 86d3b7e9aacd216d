import { invoiceBadgeColor, visaBadgeColor } from './states';
import { parseServerLanguage, toServerLanguage } from './language';

describe('state badges (docs/domain.md)', () => {
  it.each([
    [1, false, 'blue'],
    [30, false, 'blue'],
    [90, false, 'orange'],
    [100, false, 'green'],
    [100, true, 'orange'],
    [40, false, 'red'],
    [50, false, 'red'],
    [10, false, 'red'],
    [20, false, 'red'],
    [77, false, 'orange'],
  ])('invoice state %i (in completion %s) is %s', (code, inCompletion, color) => {
    expect(invoiceBadgeColor(code, inCompletion)).toBe(color);
  });

  it.each([
    [1, {}, 'orange'],
    [1, { riskAnalysis: true }, 'blue'],
    [10, {}, 'gray'],
    [20, {}, 'red'],
    [100, {}, 'green'],
    [50, {}, 'orange'],
    [100, { inCompletion: true }, 'orange'],
  ])('visa state %i %j is %s', (code, flags, color) => {
    expect(visaBadgeColor(code, flags)).toBe(color);
  });
});

describe('server language', () => {
  it('is IT for Italian and EN for anything else', () => {
    expect(toServerLanguage('it_IT')).toBe('IT');
    expect(toServerLanguage('en_US')).toBe('EN');
    expect(parseServerLanguage('it-IT,it;q=0.9')).toBe('IT');
    expect(parseServerLanguage(undefined)).toBe('EN');
  });
});
