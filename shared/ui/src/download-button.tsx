import { useMutation } from '@tanstack/react-query';
// Through the package's shared entry, not its files: this subpath is compiled into each remote that uses it, and the
// page's one copy of the package already has these (the remote's own copy would be a file more to wait for).
import { ActionButton, saveFile } from '@varco/ui';

/** A file as a download call answers it: its bytes and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** Runs `fetchFile` as a mutation and hands the file it answers to the browser, which saves it. */
export function useFileDownload(fetchFile: () => Promise<DownloadedFile>) {
  return useMutation({ mutationFn: fetchFile, onSuccess: ({ blob, filename }) => saveFile(blob, filename) });
}

/** The texts of a download button, in the words of the remote that shows it. */
export interface DownloadTexts {
  label: string;
  busyLabel: string;
  /** Shown when the failure has no detail from the server (docs/calls.md: the detail is read from the blob body). */
  errorText: string;
}

export interface DownloadButtonProps {
  fetchFile: () => Promise<DownloadedFile>;
  texts: DownloadTexts;
  errorTestId: string;
}

/**
 * A button that downloads a file (a PDF) and saves it: busy while the file comes, and a failure shown under it with
 * the test id `errorTestId`.
 */
export function DownloadButton({ fetchFile, texts, errorTestId }: DownloadButtonProps) {
  const download = useFileDownload(fetchFile);
  return <ActionButton mutation={download} className="btn btn-outline-primary" {...texts} errorTestId={errorTestId} />;
}
