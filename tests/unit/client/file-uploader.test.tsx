// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FileUploader } from '../../../client/src/components/file-uploader.tsx';
import { errorMessage } from '../../../client/src/lib/errors.ts';
import { FakeXhr, stubXhrInEachTest } from '../../support/fake-xhr.ts';

stubXhrInEachTest();

afterEach(() => {
  cleanup();
});

function pdf(name: string) {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

/** An uploader labelled `label` with an onError spy, after a.pdf was chosen in it: the upload has gone out. */
async function chooseFile(label: string) {
  const onError = vi.fn();
  render(<FileUploader url="/api/assets/private" label={label} onUploaded={() => {}} onError={onError} />);
  await userEvent.setup().upload(screen.getByLabelText(label), pdf('a.pdf'));
  return onError;
}

describe('FileUploader', () => {
  it('posts the files as file_0, file_1 and shows "Uploading N%" then "Processing..."', async () => {
    const user = userEvent.setup();
    const onUploaded = vi.fn();
    render(<FileUploader url="/api/assets/private" accept="application/pdf" multiple label="Upload syllabus" onUploaded={onUploaded} />);
    const input = screen.getByLabelText('Upload syllabus') as HTMLInputElement;
    expect(input.accept).toBe('application/pdf');
    await user.upload(input, [pdf('syllabus.pdf'), pdf('questions.pdf')]);

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/assets/private');
    expect((xhr.body!.get('file_0') as File).name).toBe('syllabus.pdf');
    expect((xhr.body!.get('file_1') as File).name).toBe('questions.pdf');
    expect(screen.getByText('Uploading 0%')).toBeTruthy();
    expect(input.disabled).toBe(true);

    act(() => xhr.progress(40));
    expect(screen.getByText('Uploading 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    act(() => xhr.progress(95));
    expect(screen.getByText('Uploading 95%')).toBeTruthy();
    act(() => xhr.progress(97));
    expect(screen.getByText('Processing...')).toBeTruthy();

    const assets = [{ _id: 'a1', sizeInBytes: 8, fileName: 'syllabus.pdf' }];
    await act(async () => xhr.respond(200, assets));
    expect(onUploaded).toHaveBeenCalledWith(assets);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(input.disabled).toBe(false);
  });

  it("reports the server's message on failure", async () => {
    const onError = await chooseFile('Upload banner');
    await act(async () => FakeXhr.last!.respond(413, { message: 'The file is too large', type: 'validation' }));
    expect(onError).toHaveBeenCalledOnce();
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('The file is too large');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('replaces a file with PUT and waits for the caller before it is done', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onUploaded = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<FileUploader url="/api/assets/replace/f1" method="PUT" label="Replace video" onUploaded={onUploaded} />);
    await user.upload(screen.getByLabelText('Replace video'), pdf('a.pdf'));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/assets/replace/f1');
    await act(async () => xhr.respond(200, { _id: 'f1', sizeInBytes: 8, fileName: 'a.pdf' }));
    expect(onUploaded).toHaveBeenCalledWith({ _id: 'f1', sizeInBytes: 8, fileName: 'a.pdf' });
    // Still busy while the caller saves.
    expect(screen.getByText('Processing...')).toBeTruthy();
    await act(async () => finish());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the answer as soon as it arrives in the middle of the upload, and the progress bar goes', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<FileUploader url="/api/assets/private?kind=video" label="Upload video" onUploaded={() => {}} onError={onError} />);
    await user.upload(screen.getByLabelText('Upload video'), pdf('notes.pdf'));
    act(() => FakeXhr.last!.progress(9));
    expect(screen.getByText('Uploading 9%')).toBeTruthy();
    await act(async () => FakeXhr.last!.respond(415, { message: 'The file notes.pdf is not a video', type: 'validation' }));
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('The file notes.pdf is not a video');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("keeps the server's answer when the connection closes after it arrived", async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<FileUploader url="/api/assets/private?kind=video" label="Upload video" onUploaded={() => {}} onError={onError} />);
    await user.upload(screen.getByLabelText('Upload video'), pdf('notes.pdf'));
    const xhr = FakeXhr.last!;
    act(() => xhr.progress(9));
    act(() => xhr.headers(415));
    xhr.responseText = JSON.stringify({ message: 'The file notes.pdf is not a video', type: 'validation' });
    await act(async () => xhr.fail());
    expect(onError).toHaveBeenCalledOnce();
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('The file notes.pdf is not a video');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says the upload was refused or interrupted when the connection closes mid-upload with no answer', async () => {
    const onError = await chooseFile('Upload video');
    act(() => FakeXhr.last!.progress(59));
    await act(async () => FakeXhr.last!.fail());
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('The upload was refused or interrupted before the server could answer. Check the file and try again.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file its check refuses, before sending anything', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const checkFile = (file: File) => (file.name.endsWith('.pdf') ? `The file ${file.name} is not a video` : undefined);
    render(<FileUploader url="/api/assets/private?kind=video" label="Upload video" checkFile={checkFile} onUploaded={() => {}} onError={onError} />);
    const input = screen.getByLabelText('Upload video') as HTMLInputElement;
    await user.upload(input, pdf('notes.pdf'));
    expect(FakeXhr.last).toBeUndefined();
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('The file notes.pdf is not a video');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(input.disabled).toBe(false);
  });

  it('reports a dropped connection as "Network error"', async () => {
    const onError = await chooseFile('Upload banner');
    // Nothing went out: the server could not be reached.
    await act(async () => FakeXhr.last!.fail());
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('Network error');
  });
});
