import { PRIVATE_BASE, toServerLanguage } from '@varco/contracts';
import { requestBlob } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/** The name of the PDF when the server gives none in content-disposition: the api's own, by the request code. */
export const visaPdfFallbackName = (requestCode: string) => `visa-request-${requestCode.replace(/[^\w.-]+/g, '_')}.pdf`;

/**
 * GET private/visa/{id}/download: the request as a PDF with its QR code, named by the content-disposition header
 * (docs/domain.md, docs/calls.md). A failure is a ClientError whose detail was read from the blob body (docs/calls.md).
 */
export async function downloadVisa(id: number, requestCode: string) {
  const { blob, filename } = await requestBlob(`${PRIVATE_BASE}/visa/${id}/download`, {
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
  return { blob, filename: filename ?? visaPdfFallbackName(requestCode) };
}
