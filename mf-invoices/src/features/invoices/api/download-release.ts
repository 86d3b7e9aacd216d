import { PRIVATE_BASE, releasePdfFilename, toServerLanguage } from '@varco/contracts';
import { requestBlob } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/**
 * GET private/invoices/downloadRelease?idRichiestaRimborso: the release PDF of an invoice, named by the
 * content-disposition header (docs/calls.md). A failure is a ClientError whose detail was read from the blob body (docs/calls.md).
 */
export async function downloadRelease(refundId: number) {
  const { blob, filename } = await requestBlob(`${PRIVATE_BASE}/invoices/downloadRelease`, {
    searchParams: { idRichiestaRimborso: refundId, language: toServerLanguage(currentLanguage()) },
  });
  return { blob, filename: filename ?? releasePdfFilename(refundId) };
}
