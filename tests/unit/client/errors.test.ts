// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, isUnauthenticated, regradeNeededOf } from '../../../client/src/lib/errors.ts';
import { UploadError } from '../../../client/src/lib/upload.ts';

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32001, message, data } });
}

describe('errorMessage', () => {
  it("shows the server's message when the server answered", () => {
    const error = serverError('Incorrect email address or password', { code: 'UNAUTHORIZED', httpStatus: 401, type: 'unauthenticated' });
    expect(errorMessage(error)).toBe('Incorrect email address or password');
  });

  it('says "Network error" when the request never reached the server', () => {
    expect(errorMessage(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe('Network error');
    expect(errorMessage(new TypeError('Network request failed'))).toBe('Network error');
  });

  it('says "Unknown error" when a server answer has no message', () => {
    expect(errorMessage(serverError('', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }))).toBe('Unknown error');
  });

  it('says "Unknown error" for a tRPC failure that did not come from the server (e.g. a proxy page)', () => {
    const error = TRPCClientError.from(new Error('Unable to transform response from server'));
    expect(errorMessage(error)).toBe('Unknown error');
  });

  it('says "Unknown error" for values that are not errors', () => {
    expect(errorMessage(undefined)).toBe('Unknown error');
    expect(errorMessage(null)).toBe('Unknown error');
    expect(errorMessage(42)).toBe('Unknown error');
    expect(errorMessage({ message: '   ' })).toBe('Unknown error');
  });

  it("shows an upload's server message", () => {
    expect(errorMessage(new UploadError('File too large', 413))).toBe('File too large');
  });
});

describe('isUnauthenticated', () => {
  it('recognises an UNAUTHORIZED answer', () => {
    expect(isUnauthenticated(serverError('Please sign in to continue', { code: 'UNAUTHORIZED', httpStatus: 401 }))).toBe(true);
    expect(isUnauthenticated(serverError('Please sign in to continue', { type: 'unauthenticated' }))).toBe(true);
  });

  it('ignores other failures', () => {
    expect(isUnauthenticated(serverError('Forbidden', { code: 'FORBIDDEN', httpStatus: 403, type: 'forbidden' }))).toBe(false);
    expect(isUnauthenticated(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe(false);
    expect(isUnauthenticated(new Error('x'))).toBe(false);
  });
});

describe('regradeNeededOf', () => {
  it('reads how many submitted attempts a refused save would re-mark, and nothing from other failures', () => {
    expect(regradeNeededOf(serverError('This change re-marks 4 submitted attempts', { type: 'conflict', regrade: { attempts: 4 } }))).toEqual({ attempts: 4 });
    expect(regradeNeededOf(serverError('Saved by Asha', { type: 'conflict', stale: { version: 5, updatedAt: '2026-11-24T04:32:00.000Z' } }))).toBeNull();
    expect(regradeNeededOf(serverError('odd', { regrade: { attempts: 'four' } }))).toBeNull();
    expect(regradeNeededOf(new Error('This change re-marks 4 submitted attempts'))).toBeNull();
  });
});
