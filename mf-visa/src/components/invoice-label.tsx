import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n/namespace';

/** Stand for the number and the vendor in the translated text, which is then cut around them. */
const NUMBER = '\uE000';
const VENDOR = '\uE001';

/**
 * "Invoice {number}, {vendor}" in the page's language. On a right-to-left page each value is isolated (`dir="auto"`,
 * as `<bdi>`): a name written left to right keeps its own punctuation in the sentence ("Boutique Milano S.r.l.", not
 * ".Boutique Milano S.r.l"); the text read is the same. A left-to-right page needs no isolation: the plain text.
 */
export function InvoiceLabel({ number, vendor }: { number: string; vendor: string }) {
  const { t, i18n } = useTranslation(NS);
  if (i18n.dir() !== 'rtl') return <>{t('wizard.invoiceLabel', { number, vendor })}</>;
  const values = new Map([
    [NUMBER, number],
    [VENDOR, vendor],
  ]);
  const parts = t('wizard.invoiceLabel', { number: NUMBER, vendor: VENDOR }).split(/([\uE000\uE001])/);
  return (
    <>
      {parts.map((part, index) =>
        values.has(part) ? (
          <span key={index} dir="auto">
            {values.get(part)}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
