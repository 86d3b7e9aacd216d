import * as z from 'zod/mini';
import {
  acceptedIssue,
  birthDateIssue,
  emailIssue,
  hasControlCharacter,
  passwordIssue,
  storableTextIssue,
  textIssue,
  wellFormedLinkKeys,
} from './account-rules';
import { text } from './text';

describe('account field rules', () => {
  it('wants a password of 8 characters from three of four kinds', () => {
    for (const weak of ['abcdefgh', 'abcdefg1', 'ABCDEFG!', 'Ab1-', 'xxxxxxxA'])
      expect(passwordIssue(weak)).toEqual({ code: 'passwordRules', min: 8 });
    for (const strong of ['Abcdefg1', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Àbcdèfg1'])
      expect(passwordIssue(strong)).toBeNull();
    expect(passwordIssue('')).toEqual({ code: 'empty' });
    expect(passwordIssue(`Aa1-${'x'.repeat(125)}`)).toEqual({ code: 'maxLength', max: 128 });
  });

  it('wants a real birth date from 1900 to today', () => {
    const today = '2026-11-23';
    expect(birthDateIssue('1850-03-12', today)).toEqual({ code: 'dateTooEarly', year: 1900 });
    expect(birthDateIssue('1899-12-31', today)).toEqual({ code: 'dateTooEarly', year: 1900 });
    expect(birthDateIssue('1900-01-01', today)).toBeNull();
    expect(birthDateIssue(today, today)).toBeNull();
    expect(birthDateIssue('2026-11-24', today)).toEqual({ code: 'dateNotPast' });
    expect(birthDateIssue('2023-02-29', today)).toEqual({ code: 'date' });
    expect(birthDateIssue('', today)).toEqual({ code: 'empty' });
  });

  it('bounds texts and e-mails', () => {
    expect(textIssue(' A ')).toEqual({ code: 'minLength', min: 2 });
    expect(textIssue('N'.repeat(101))).toEqual({ code: 'maxLength', max: 100 });
    expect(textIssue('D'.repeat(51), 50)).toEqual({ code: 'maxLength', max: 50 });
    expect(emailIssue(' mario@example.com ')).toBeNull();
    expect(emailIssue(`${'m'.repeat(250)}@example.com`)).toEqual({ code: 'email' });
  });

  it('refuses a control character in any text, as the api does with any input (tab and line breaks aside)', () => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f']) {
      expect(hasControlCharacter(`AB${control}CD`)).toBe(true);
      expect(textIssue(`AB${control}CD`)).toEqual({ code: 'controlCharacter' });
      expect(emailIssue(`mario${control}@example.com`)).toEqual({ code: 'controlCharacter' });
      expect(passwordIssue(`Varco-2026${control}`)).toEqual({ code: 'controlCharacter' });
    }
    expect(hasControlCharacter('Rossi\tBianchi\r\n')).toBe(false);
    expect(hasControlCharacter('Città 😀 \u00a0')).toBe(false);
  });

  it('keeps out of every text what PostgreSQL cannot store: a control character, half of a surrogate pair', () => {
    for (const cut of ['\ud800', 'a\udc00b', 'x\ud83d', '😀'.slice(0, 1), `${'😀'.slice(1)}😀`])
      expect(storableTextIssue(cut)).toEqual({ code: 'incompleteCharacter' });
    expect(storableTextIssue('a\u0000b')).toEqual({ code: 'controlCharacter' });
    for (const whole of ['Città 😀 👨‍👩‍👧 \u00a0', 'Rossi\tBianchi\r\n', '東京', ''])
      expect(storableTextIssue(whole)).toBeNull();
    // As a field: its issue before the field's own checks, which then do not run.
    const issues = text().check(z.minLength(5)).safeParse('\ud800').error?.issues ?? [];
    expect(issues.map((issue) => JSON.parse(issue.message))).toEqual([{ code: 'incompleteCharacter' }]);
    expect(text().safeParse('😀').success).toBe(true);
  });

  it('takes as a link key pair only what the api could have issued', () => {
    expect(wellFormedLinkKeys('k3Yb64url', 'S3cr3t-t0ken_')).toBe(true);
    expect(wellFormedLinkKeys('', 'def')).toBe(false);
    expect(wellFormedLinkKeys('abc', 'x'.repeat(129))).toBe(false);
    expect(wellFormedLinkKeys('abc\u0000', 'def')).toBe(false);
  });

  it('wants the consent given', () => {
    expect(acceptedIssue(false)).toEqual({ code: 'mustAccept' });
    expect(acceptedIssue(true)).toBeNull();
  });
});
