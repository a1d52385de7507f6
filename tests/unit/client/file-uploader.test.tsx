// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FileUploader } from '../../../client/src/components/file-uploader.tsx';
import { errorMessage } from '../../../client/src/lib/errors.ts';

/** Stands in for the browser's XMLHttpRequest: the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total = 100) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function pdf(name: string) {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

describe('FileUploader', () => {
  it('posts the files as file_0, file_1 and shows "Uploading N%" then "Processing..."', async () => {
    const user = userEvent.setup();
    const onUploaded = vi.fn();
    render(
      <FileUploader url="/api/assets/private" accept="application/pdf" multiple label="Upload syllabus" onUploaded={onUploaded} />,
    );
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
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<FileUploader url="/api/assets/private" label="Upload banner" onUploaded={() => {}} onError={onError} />);
    await user.upload(screen.getByLabelText('Upload banner'), pdf('a.pdf'));
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

  it('reports a dropped connection as "Network error"', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<FileUploader url="/api/assets/private" label="Upload banner" onUploaded={() => {}} onError={onError} />);
    await user.upload(screen.getByLabelText('Upload banner'), pdf('a.pdf'));
    await act(async () => FakeXhr.last!.onerror?.());
    expect(errorMessage(onError.mock.calls[0]![0])).toBe('Network error');
  });
});
