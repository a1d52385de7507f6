// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { isSameDateConflict, toCurrentAffairValue, toDraft } from '../../../client/src/features/current-affairs/current-affair-draft.ts';
import { deleteWarningsNotice } from '../../../client/src/features/current-affairs/current-affair-editor.tsx';
import type { CurrentAffair } from '../../../shared/current-affairs/current-affairs.schema.ts';

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32009, message, data } });
}

const post: CurrentAffair = {
  _id: 'a1',
  title: '2026-11-26',
  titleDisplay: '26 Nov 2026',
  isVisible: true,
  isPublished: true,
  publishWarnings: [],
  masterSubscription: { _id: 'card-1', title: 'Monthly', netAmount: 99 },
  bannerImageId: 'img-1',
  bannerImageFizeSizeInBytes: 10,
  pdfFileId: 'pdf-1',
  fileName: 'ca.pdf',
  fileSizeInBytes: 20,
  hasPDFUploaded: 'Yes',
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
  version: 4,
};

describe('the current-affairs draft', () => {
  it('holds what staff edit, the rate card by its id, and sends just that', () => {
    const draft = toDraft(post);
    expect(draft).toEqual({ title: '2026-11-26', isVisible: true, masterSubscription: 'card-1', bannerImageId: 'img-1', pdfFileId: 'pdf-1' });
    expect(toCurrentAffairValue(draft)).toEqual(draft);
  });
});

describe('isSameDateConflict', () => {
  it('is a conflict about the title (create) or value.title (save) only', () => {
    expect(isSameDateConflict(serverError('There is already a post', { type: 'conflict', field: 'title', httpStatus: 409 }))).toBe(true);
    expect(isSameDateConflict(serverError('There is already a post', { type: 'conflict', field: 'value.title', httpStatus: 409 }))).toBe(true);
    // Someone else saved first: a conflict too, but not one to confirm away.
    expect(isSameDateConflict(serverError('Asha saved this post', { type: 'conflict', stale: { version: 2 }, httpStatus: 409 }))).toBe(false);
    expect(isSameDateConflict(serverError('Please provide a title', { type: 'validation', field: 'title', httpStatus: 400 }))).toBe(false);
    expect(isSameDateConflict(new Error('There is already a post'))).toBe(false);
  });
});

describe('deleteWarningsNotice', () => {
  it("lists a has-warnings answer's warnings under 'Delete Warnings'", () => {
    const notice = deleteWarningsNotice(serverError('In use', { type: 'has-warnings', warnings: ['First', 'Second'], httpStatus: 409 }));
    expect(notice).toEqual({ kind: 'error', title: 'Delete Warnings', warnings: ['First', 'Second'] });
  });

  it("shows the server's message, or the connection hint when there was no answer", () => {
    expect(deleteWarningsNotice(serverError('Current affair not found', { type: 'not-found', httpStatus: 404 }))).toEqual({
      kind: 'error',
      title: 'Delete Warnings',
      text: 'Current affair not found',
    });
    expect(deleteWarningsNotice(TRPCClientError.from(new TypeError('Failed to fetch')))).toEqual({
      kind: 'error',
      title: 'Delete Warnings',
      text: 'Unknown error. Check your connection and try again.',
    });
  });
});
