import { afterEach, beforeEach, vi } from 'vitest';

/** Stands in for the browser's XMLHttpRequest: the test drives progress and the answer. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  readyState = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onreadystatechange: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
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
  /** The whole answer arrives; a string body is sent as it is (a proxy's HTML page), anything else as JSON. */
  respond(status: number, body: unknown) {
    this.headers(status);
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.readyState = 4;
    this.onreadystatechange?.();
    this.onload?.();
  }
  /** The answer's status line and headers arrive (readyState 2). */
  headers(status: number) {
    this.status = status;
    this.readyState = 2;
    this.onreadystatechange?.();
  }
  /** The connection ends: the browser reports an error and forgets the status, as it does. */
  fail() {
    this.status = 0;
    this.readyState = 4;
    this.onreadystatechange?.();
    this.onerror?.();
  }
}

/** Puts FakeXhr in place of XMLHttpRequest for each test of the file, and the real one back after it. */
export function stubXhrInEachTest() {
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
