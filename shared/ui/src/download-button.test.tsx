import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DownloadButton, type DownloadedFile } from './download-button';
import { catchSavedFiles, httpError, renderWithProviders } from './testing';

const savedAs = catchSavedFiles();

afterEach(() => jest.restoreAllMocks());

const texts = { label: 'Get the PDF', busyLabel: 'Getting…', errorText: 'No PDF today.' };
const pdf = (filename: string): DownloadedFile => ({ blob: new Blob(['%PDF-1.7']), filename });

describe('DownloadButton', () => {
  it('is busy while the file comes, then saves it under the name the call gives', async () => {
    let answer: (file: DownloadedFile) => void = () => undefined;
    const fetchFile = jest.fn(() => new Promise<DownloadedFile>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<DownloadButton fetchFile={fetchFile} texts={texts} errorTestId="pdf-error" />);
    await user.click(screen.getByRole('button', { name: 'Get the PDF' }));
    expect(fetchFile).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Getting…' })).toBeDisabled();
    answer(pdf('request-7.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Get the PDF' })).toBeEnabled());
    expect(savedAs).toEqual(['request-7.pdf']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's detail of a failure, else the text it is given, and saves nothing", async () => {
    const fetchFile = jest.fn<Promise<DownloadedFile>, []>();
    fetchFile.mockRejectedValueOnce(httpError(409, 'Being prepared.')).mockRejectedValueOnce(httpError(500));
    const user = userEvent.setup();
    renderWithProviders(<DownloadButton fetchFile={fetchFile} texts={texts} errorTestId="pdf-error" />);
    await user.click(screen.getByRole('button', { name: 'Get the PDF' }));
    expect(await screen.findByTestId('pdf-error')).toHaveTextContent('Being prepared.');
    await user.click(screen.getByRole('button', { name: 'Get the PDF' }));
    await waitFor(() => expect(screen.getByTestId('pdf-error')).toHaveTextContent('No PDF today.'));
    expect(savedAs).toEqual([]);
  });
});
