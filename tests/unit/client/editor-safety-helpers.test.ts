import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { safeReturnPath } from '../../../client/src/features/auth/return-path.ts';
import { formFieldName, refusedFieldsOf } from '../../../client/src/lib/errors.ts';
import { localDraftKey, restorableDraft } from '../../../client/src/lib/local-drafts.ts';
import { kebabCase } from '../../../client/src/lib/reveal-field.ts';
import { isSaveShortcut } from '../../../client/src/lib/save-shortcut.ts';
import { describeSaveFailure, whatFailed } from '../../../client/src/lib/use-draft-editor.ts';

function validationError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32600, message, data: { httpStatus: 400, type: 'validation', ...data } } });
}

describe('safeReturnPath', () => {
  it('returns to a page of the console, with its query', () => {
    expect(safeReturnPath('/admin/videos/lectures/7/general')).toBe('/admin/videos/lectures/7/general');
    expect(safeReturnPath('/admin/exams/editor/3/general?type=v1')).toBe('/admin/exams/editor/3/general?type=v1');
  });

  it('never returns to another site, the sign-in pages or the root', () => {
    for (const path of [
      '//evil.example.com/x',
      '/\\evil.example.com',
      'https://evil.example.com',
      'admin/videos',
      '',
      null,
      undefined,
      '/',
      '/auth/login',
      '/auth?x=1',
    ]) {
      expect(safeReturnPath(path)).toBeNull();
    }
  });
});

describe('refusedFieldsOf', () => {
  it('names the form field of a validation answer, without the input wrapper', () => {
    expect(refusedFieldsOf(validationError('Choose a lecturer from the list', { field: 'value.lecturerId' }))).toEqual({
      lecturerId: 'Choose a lecturer from the list',
    });
  });

  it('lists every issue, the first message per field', () => {
    const error = validationError('Title is required', {
      field: 'value.title',
      issues: [
        { field: 'value.title', message: 'Title is required' },
        { field: 'value.exams.2', message: 'Exam not found: 9' },
        { field: 'value.exams.3', message: 'Exam not found: 10' },
      ],
    });
    expect(refusedFieldsOf(error)).toEqual({ title: 'Title is required', exams: 'Exam not found: 9' });
  });

  it('is empty for an answer without fields, and for a failure that got no answer', () => {
    expect(refusedFieldsOf(validationError('Nope', {}))).toEqual({});
    expect(refusedFieldsOf(new TypeError('Failed to fetch'))).toEqual({});
  });

  it('reads a path without a wrapper as it is', () => {
    expect(formFieldName('query.page')).toBe('page');
    expect(formFieldName('youtubeLink')).toBe('youtubeLink');
  });
});

describe('describeSaveFailure', () => {
  it('keeps a title the specification fixes and says what failed under it', () => {
    expect(describeSaveFailure('Update subject failed', new TypeError('Failed to fetch'), 'lecture')).toEqual({
      title: 'Update subject failed',
      message: 'Saving the lecture failed: Network error',
    });
  });

  it('does not say it twice when the title already names what failed', () => {
    expect(whatFailed('exam')).toBe('Saving the exam failed');
    expect(describeSaveFailure('Saving the exam failed', validationError('Title is required', {}), 'exam').message).toBe('Title is required');
  });
});

describe('restorableDraft', () => {
  const shape = { title: 'Rivers of Kerala', notes: [] as string[] };
  const stored = (page: string, draft: object = { title: 'Rivers of Kerala (edited)', notes: [] }) => JSON.stringify({ draft, version: 4, page });

  it('restores the edits of an earlier page load, with the version they were made on', () => {
    expect(restorableDraft(stored('earlier'), shape, 'now')).toEqual({ draft: { title: 'Rivers of Kerala (edited)', notes: [] }, version: 4, page: 'earlier' });
  });

  it("does not restore this page load's own draft (an editor started afresh, say)", () => {
    expect(restorableDraft(stored('now'), shape, 'now')).toBeNull();
  });

  it('does not restore a draft of other fields, nor anything unreadable', () => {
    expect(restorableDraft(stored('earlier', { title: 'x' }), shape, 'now')).toBeNull();
    expect(restorableDraft('{not json', shape, 'now')).toBeNull();
    expect(restorableDraft(JSON.stringify({ draft: shape, page: 'earlier' }), shape, 'now')).toBeNull();
    expect(restorableDraft(null, shape, 'now')).toBeNull();
  });

  it('keys drafts by account, editor and record', () => {
    expect(localDraftKey('u1', 'lecture', 'l9')).toBe('psc:draft:u1:lecture:l9');
    expect(localDraftKey('u2', 'lecture', 'l9')).not.toBe(localDraftKey('u1', 'lecture', 'l9'));
  });
});

describe('isSaveShortcut', () => {
  const key = (over: Partial<Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>>) => ({
    key: 's',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...over,
  });

  it('is Ctrl+S, or Cmd+S on a Mac, in either case', () => {
    expect(isSaveShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSaveShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSaveShortcut(key({ ctrlKey: true, key: 'S' }))).toBe(true);
  });

  it('is not S alone, nor with Shift or Alt', () => {
    expect(isSaveShortcut(key({}))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, key: 'd' }))).toBe(false);
  });
});

describe('kebabCase', () => {
  it('turns a field name into the console’s id style', () => {
    expect(kebabCase('lecturerId')).toBe('lecturer-id');
    expect(kebabCase('googlePayOrUPI')).toBe('google-pay-or-upi');
  });
});
