import { describe, expect, it } from 'vitest';
import {
  RESUMABLE_CHUNK_BYTES,
  resumableMetadataSchema,
  UNFINISHED_UPLOAD_KEEP_HOURS,
  UNFINISHED_UPLOAD_KEEP_MS,
  uploadedPercent,
} from '../../../../shared/assets/resumable-upload.rules.ts';
import { parseUploadMetadata } from '../../../../server/assets/resumable-uploads.service.ts';
import { unfinishedUploadText } from '../../../../client/src/lib/upload-unfinished.ts';
import { uploadLeaveText } from '../../../../client/src/components/file-uploader.tsx';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('resumable upload rules', () => {
  it('keeps an unfinished upload 24 hours and sends 16 MB chunks (whole S3 parts)', () => {
    expect(UNFINISHED_UPLOAD_KEEP_MS).toBe(24 * 60 * 60_000);
    expect(UNFINISHED_UPLOAD_KEEP_HOURS).toBe(24);
    expect(RESUMABLE_CHUNK_BYTES).toBe(16 * 1024 * 1024);
    expect(RESUMABLE_CHUNK_BYTES % (8 * 1024 * 1024)).toBe(0);
  });

  it('answers the share that has arrived, rounded down and bounded', () => {
    expect(uploadedPercent(600, 1000)).toBe(60);
    expect(uploadedPercent(999, 1000)).toBe(99);
    expect(uploadedPercent(0, 1000)).toBe(0);
    expect(uploadedPercent(2000, 1000)).toBe(100);
    expect(uploadedPercent(10, 0)).toBe(0);
    expect(uploadedPercent(Number.NaN, 1000)).toBe(0);
  });

  it('takes only the metadata it knows, naming what it does not', () => {
    expect(resumableMetadataSchema.safeParse({ filename: 'a.mp4', kind: 'video', accessMode: 'private', filetype: 'video/mp4' }).success).toBe(true);
    const unknown = resumableMetadataSchema.safeParse({ filename: 'a.mp4', owner: 'x', bucket: 'y' });
    expect(unknown.error?.issues[0]?.message).toBe('Unknown upload metadata: owner, bucket');
    expect(resumableMetadataSchema.safeParse({ filename: 'a.mp4', kind: 'exe' }).error?.issues[0]?.message).toBe(
      'The kind must be image, video, pdf or spreadsheet',
    );
    expect(resumableMetadataSchema.safeParse({ filename: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(
      'The file name (filename) is at most 255 characters',
    );
  });

  it('reads the tus Upload-Metadata header, refusing a malformed one with the header named', () => {
    expect(parseUploadMetadata(`filename ${b64('പാഠം 1.mp4')},kind ${b64('video')}`)).toEqual({ filename: 'പാഠം 1.mp4', kind: 'video' });
    for (const header of [`filename ${b64('a')} extra`, `filename ${b64('a')},filename ${b64('b')}`, 'file/name YQ==', 'filename a!b']) {
      expect(() => parseUploadMetadata(header), header).toThrow(/Upload-Metadata is not valid/);
    }
    expect(() => parseUploadMetadata(undefined)).toThrow('Upload-Metadata must name the file (filename)');
    // A key without a value (allowed by tus) is an empty name.
    expect(() => parseUploadMetadata('filename')).toThrow('Upload-Metadata must name the file (filename)');
  });

  it('says how far an unfinished upload got, and what leaving does to a running one', () => {
    expect(unfinishedUploadText({ fileName: 'lecture 1.mp4', percent: 60 })).toBe(
      'An unfinished upload of lecture 1.mp4 (60 %) can be resumed: choose the same file',
    );
    expect(uploadLeaveText('lecture 1.mp4', 42.7, true)).toBe(
      'lecture 1.mp4 is 42 % uploaded. If you leave now, the upload stops; choose the same file again later to resume it from there.',
    );
    expect(uploadLeaveText('a.pdf', 10, false)).toBe('a.pdf is 10 % uploaded. If you leave now, the upload stops and what was sent is lost.');
  });
});
