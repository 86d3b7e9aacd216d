import { idSchema, idParamSchema, idFromText, MAX_ID } from './index';

describe('ids (one range for the database, the api and the addresses)', () => {
  it('reads an id written in an address: digits within the range the database holds', () => {
    expect(idFromText('42')).toBe(42);
    expect(idFromText('007')).toBe(7);
    expect(idFromText(String(MAX_ID))).toBe(MAX_ID);
  });

  it('reads nothing else, so that a page says "not found" instead of sending a call the api refuses', () => {
    for (const text of [
      '0',
      '2147483648',
      '99999999999',
      '99999999999999999999',
      '-1',
      '1e3',
      '4x',
      ' 4',
      '4.0',
      '\u0000',
      '',
      undefined,
      null,
    ])
      expect(idFromText(text)).toBeNull();
  });

  it('agrees with the schemas the api checks ids with', () => {
    for (const text of ['1', '42', String(MAX_ID), '0', String(MAX_ID + 1), '99999999999']) {
      const fromText = idFromText(text);
      expect(idParamSchema.safeParse(text).success).toBe(fromText !== null);
      expect(idSchema.safeParse(Number(text)).success).toBe(fromText !== null);
    }
  });
});
