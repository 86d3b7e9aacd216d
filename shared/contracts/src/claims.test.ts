import { readRuleMessage } from './account-rules';
import {
  amountFromText,
  claimAmountIssue,
  claimIssueDayIssue,
  missingInvoiceClaimBodySchema,
  missingInvoiceClaimFormSchema,
  wrongInvoiceClaimBodySchema,
  wrongInvoiceClaimFormSchema,
} from './claims';

/** The issue of each field a schema refuses, by its path. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      readRuleMessage(issue.message) ?? issue.message,
    ]),
  );
}

describe('claims', () => {
  it.each([
    ['250', 'en_US', 250],
    ['250,50', 'it_IT', 250.5],
    ['250.50', 'it_IT', 250.5],
    ['1.234,50', 'de', 1234.5],
    ['1,234.50', 'en_US', 1234.5],
    ['1 234,50 €', 'fr', 1234.5],
    ['1\u202f234,50', 'ru', 1234.5],
    ['€ 1.234', 'pt_BR', 1234],
    ['1.234', 'it_IT', 1234],
    ['٢٥٠٫٥٠', 'ar', 250.5],
    ['２５０', 'ja', 250],
  ])('reads the total %s as the traveler typed it in %s', (text, language, amount) => {
    expect(amountFromText(text, language)).toEqual({ amount });
  });

  it.each([
    ['', 'en_US', 'empty'],
    ['abc', 'en_US', 'amount'],
    ['-80', 'en_US', 'amount'],
    ['1.234.5', 'it_IT', 'amount'],
    ['12,34,567', 'en_US', 'amount'],
    ['1.234', 'en_US', 'decimals'],
    ['250,505', 'it_IT', 'decimals'],
  ])('tells what is wrong with the total %s in %s', (text, language, code) => {
    expect(amountFromText(text, language)).toEqual({ issue: expect.objectContaining({ code }) });
  });

  it('takes a total above 70 euros, in cents, up to a million', () => {
    expect(claimAmountIssue(70)).toEqual({ code: 'amountAboveMinimum', min: 70 });
    expect(claimAmountIssue(70.01)).toBeNull();
    expect(claimAmountIssue(100.001)).toEqual({ code: 'decimals' });
    expect(claimAmountIssue(2_000_000)).toEqual({ code: 'amountTooLarge', max: 1_000_000 });
  });

  it('takes a day of the receipt that is not in the future and whose exit deadline has not passed', () => {
    const today = '2026-05-10';
    expect(claimIssueDayIssue('2026-05-10', today)).toBeNull();
    expect(claimIssueDayIssue('2026-05-11', today)).toEqual({ code: 'dateNotFuture' });
    expect(claimIssueDayIssue('2026-02-30', today)).toEqual({ code: 'dateInvalid' });
    expect(claimIssueDayIssue('2026-01-31', today)).toEqual({ code: 'exitDeadlinePassed', deadline: '2026-04-30' });
    expect(claimIssueDayIssue('2026-02-01', today)).toBeNull();
  });

  it('checks the form and the body of a missing invoice with the same rules', () => {
    const today = () => '2026-05-10';
    const form = missingInvoiceClaimFormSchema('it_IT', today).safeParse({
      shop: '',
      invoiceNumber: 'A',
      issueDate: '2026-05-11',
      totalAmount: '70,00',
      note: '',
    });
    expect(issuesOf(form)).toEqual({
      shop: { code: 'chooseShop' },
      invoiceNumber: { code: 'minLength', min: 2 },
      issueDate: { code: 'dateNotFuture' },
      totalAmount: { code: 'amountAboveMinimum', min: 70 },
    });
    const body = missingInvoiceClaimBodySchema(today).safeParse({
      shopVatNumber: 'IT01234567897',
      invoiceNumber: 'A',
      issueDate: '2026-05-11',
      totalAmount: 70,
    });
    expect(issuesOf(body)).toEqual({
      invoiceNumber: { code: 'minLength', min: 2 },
      issueDate: { code: 'dateNotFuture' },
      totalAmount: { code: 'amountAboveMinimum', min: 70 },
    });
    expect(
      missingInvoiceClaimBodySchema(today).safeParse({
        shopVatNumber: 'IT01234567897',
        invoiceNumber: 'BM-0419',
        issueDate: '2026-05-02',
        totalAmount: 420.5,
      }).success,
    ).toBe(true);
  });

  it('asks for a note when goods, amounts or something else are wrong, not for the name or the document', () => {
    expect(issuesOf(wrongInvoiceClaimFormSchema.safeParse({ problem: '', note: '' }))).toEqual({
      problem: { code: 'chooseProblem' },
    });
    expect(wrongInvoiceClaimFormSchema.safeParse({ problem: 'NAME', note: '' }).success).toBe(true);
    for (const problem of ['GOODS_AMOUNTS', 'OTHER'])
      expect(issuesOf(wrongInvoiceClaimFormSchema.safeParse({ problem, note: ' ' }))).toEqual({
        note: { code: 'noteRequired' },
      });
    expect(
      issuesOf(
        wrongInvoiceClaimBodySchema.safeParse({ idRichiestaRimborso: 7, problem: 'OTHER', note: 'x'.repeat(501) }),
      ),
    ).toEqual({ note: { code: 'maxLength', max: 500 } });
    expect(wrongInvoiceClaimBodySchema.parse({ idRichiestaRimborso: 7, problem: 'DOCUMENT' })).toEqual({
      idRichiestaRimborso: 7,
      problem: 'DOCUMENT',
      note: '',
    });
  });
});
