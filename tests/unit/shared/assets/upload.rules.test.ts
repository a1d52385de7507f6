import { describe, expect, it } from 'vitest';
import { checkFileBeforeUpload, fileMayBeKind, kindLimitBytes, type UploadLimits } from '../../../../shared/assets/upload.rules.ts';

const MB = 1024 * 1024;
const limits: UploadLimits = { image: 20 * MB, video: 4096 * MB, pdf: 200 * MB, spreadsheet: 20 * MB };

describe('checkFileBeforeUpload', () => {
  it("refuses a 40 MB file that is not a video in a video widget, with the server's message", () => {
    expect(checkFileBeforeUpload({ name: 'lecture-notes.zip', type: 'application/zip', size: 40 * MB }, 'video', limits)).toBe(
      'The file lecture-notes.zip is not a video (MP4, MOV, MKV, WebM, AVI, MPEG-TS, FLV or 3GP)',
    );
  });

  it('refuses an MP4 in a PDF widget', () => {
    expect(checkFileBeforeUpload({ name: 'class.mp4', type: 'video/mp4', size: 5 * MB }, 'pdf', limits)).toBe('The file class.mp4 is not a PDF');
  });

  it("refuses a file over its kind's limit, in the server's words", () => {
    expect(checkFileBeforeUpload({ name: 'scan.pdf', type: 'application/pdf', size: 200 * MB + 1 }, 'pdf', limits)).toBe(
      'The file scan.pdf is larger than the 200 MB allowed for PDFs',
    );
    // Until the limits are known, only the kind is checked.
    expect(checkFileBeforeUpload({ name: 'scan.pdf', type: 'application/pdf', size: 200 * MB + 1 }, 'pdf')).toBeUndefined();
  });

  it('names the file as the server would store it', () => {
    expect(checkFileBeforeUpload({ name: 'bad\u202Egnp.exe', type: 'application/x-msdownload', size: 10 }, 'image', limits)).toBe(
      'The file badgnp.exe is not an image (JPEG, PNG, WebP or GIF)',
    );
  });

  it('lets through a file of the kind, and one that says nothing about itself (the server reads its content)', () => {
    expect(checkFileBeforeUpload({ name: 'lecture.MOV', type: 'video/quicktime', size: 40 * MB }, 'video', limits)).toBeUndefined();
    expect(checkFileBeforeUpload({ name: 'lecture', type: '', size: 40 * MB }, 'video', limits)).toBeUndefined();
    expect(checkFileBeforeUpload({ name: 'പാഠം.pdf', type: '', size: 1 }, 'pdf', limits)).toBeUndefined();
  });

  it('refuses an empty file', () => {
    expect(checkFileBeforeUpload({ name: 'notes.pdf', type: 'application/pdf', size: 0 }, 'pdf', limits)).toBe('The file notes.pdf is empty');
  });
});

describe('fileMayBeKind', () => {
  it('goes by extension or type, whichever says the kind', () => {
    expect(fileMayBeKind({ name: 'clip.mkv', type: '' }, 'video')).toBe(true);
    expect(fileMayBeKind({ name: 'clip.bin', type: 'video/mp4' }, 'video')).toBe(true);
    expect(fileMayBeKind({ name: 'photo.svg', type: 'image/svg+xml' }, 'image')).toBe(false);
    expect(fileMayBeKind({ name: 'questions.csv', type: 'text/csv' }, 'spreadsheet')).toBe(true);
    expect(fileMayBeKind({ name: 'data.bin', type: 'application/octet-stream' }, 'video')).toBe(false);
  });
});

describe('kindLimitBytes', () => {
  it('never allows more than the upload limit of every file', () => {
    const settings = { totalMb: 10, imageMb: 20, pdfMb: 200, spreadsheetMb: 5 };
    expect(kindLimitBytes(settings, 'image')).toBe(10 * MB);
    expect(kindLimitBytes(settings, 'spreadsheet')).toBe(5 * MB);
    expect(kindLimitBytes(settings, 'video')).toBe(10 * MB);
  });
});
