// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorTypeOf, errorWarnings, messageOr, serverMessageOf } from '../../../client/src/lib/errors.ts';
import { UploadError } from '../../../client/src/lib/upload.ts';
import { assetDeleteFailure } from '../../../client/src/components/files/asset-delete-button.tsx';
import { failureNotice } from '../../../client/src/components/error-alert.tsx';

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32009, message, data } });
}

const inUse = serverError('This file is still in use', {
  code: 'CONFLICT',
  httpStatus: 409,
  type: 'has-warnings',
  warnings: ['It is the video of the lecture “Fundamental Rights”'],
});

describe('error details', () => {
  it("reads a has-warnings answer's type and warnings", () => {
    expect(errorTypeOf(inUse)).toBe('has-warnings');
    expect(errorWarnings(inUse)).toEqual(['It is the video of the lecture “Fundamental Rights”']);
  });

  it('reads the same from an upload answer', () => {
    const error = new UploadError('Nope', 409, { type: 'has-warnings', warnings: ['one'] });
    expect(errorTypeOf(error)).toBe('has-warnings');
    expect(errorWarnings(error)).toEqual(['one']);
  });

  it("lists a validation answer's messages when it refused several fields, as the server lists them under issues", () => {
    const issues = [
      { field: 'value.phoneNumber', message: 'Phone number is required' },
      { field: 'value.resourceId', message: 'Resource ID is required' },
    ];
    const several = serverError('Phone number is required', { code: 'BAD_REQUEST', httpStatus: 400, type: 'validation', field: 'value.phoneNumber', issues });
    expect(errorWarnings(several)).toEqual(['Phone number is required', 'Resource ID is required']);
    expect(failureNotice('Order cannot be created', several)).toEqual({
      title: 'Order cannot be created',
      message: 'Phone number is required',
      warnings: ['Phone number is required', 'Resource ID is required'],
    });
    expect(errorWarnings(new UploadError('Phone number is required', 400, { type: 'validation', issues }))).toEqual([
      'Phone number is required',
      'Resource ID is required',
    ]);
    // One refused field is the message itself.
    const one = serverError('Phone number is required', { type: 'validation', issues: issues.slice(0, 1) });
    expect(errorWarnings(one)).toEqual([]);
  });

  it('has no warnings for other failures', () => {
    expect(errorWarnings(new Error('x'))).toEqual([]);
    expect(errorTypeOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it("uses the screen's own fallback when the server sent no message", () => {
    expect(messageOr(inUse, 'Something went wrong')).toBe('This file is still in use');
    expect(messageOr(TRPCClientError.from(new TypeError('Failed to fetch')), 'Something went wrong')).toBe('Something went wrong');
    expect(messageOr(undefined, 'Something went wrong')).toBe('Something went wrong');
    expect(serverMessageOf(new UploadError('The file is not a video', 415))).toBe('The file is not a video');
  });

  it('carries warnings into a failure notice', () => {
    expect(failureNotice('Save Failed', inUse)).toEqual({
      title: 'Save Failed',
      message: 'This file is still in use',
      warnings: ['It is the video of the lecture “Fundamental Rights”'],
    });
  });
});

describe('assetDeleteFailure', () => {
  it("is titled 'Process Failed' and says 'Failed to delete asset' with the reason and warnings", () => {
    expect(assetDeleteFailure(inUse)).toEqual({
      title: 'Process Failed',
      message: 'Failed to delete asset. This file is still in use',
      warnings: ['It is the video of the lecture “Fundamental Rights”'],
    });
  });
});
