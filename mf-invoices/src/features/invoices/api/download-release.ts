import { useMutation } from '@tanstack/react-query';
import { PRIVATE_BASE, releasePdfFilename, toServerLanguage } from '@varco/contracts';
import { requestBlob } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { saveFile } from '@varco/ui';

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

/** Downloads the release PDF and hands it to the browser as a file. */
export function useDownloadRelease(refundId: number) {
  return useMutation({
    mutationFn: () => downloadRelease(refundId),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
  });
}
