// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { useDraftEditor } from '../../../client/src/lib/use-draft-editor.ts';

afterEach(cleanup);

interface Draft {
  title: string;
}

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32603, message, data: { httpStatus: 409, ...data } } });
}

function setup() {
  return renderHook(() => useDraftEditor<Draft>({ title: 'LDC mock 1' }, 3, { saveFailedTitle: 'Update subject failed' }));
}

describe('useDraftEditor', () => {
  it('saves with the version it loaded, then with the one the server answered, and the saved copy moves on', async () => {
    const { result } = setup();
    act(() => result.current.change({ title: 'LDC mock 2' }));
    expect(result.current.hasChanges).toBe(true);
    const versions: number[] = [];
    await act(() => result.current.save(result.current.current(), (version) => (versions.push(version), Promise.resolve({ version: version + 1 }))));
    expect(result.current.hasChanges).toBe(false);
    act(() => result.current.change({ title: 'LDC mock 3' }));
    await act(() => result.current.save(result.current.current(), (version) => (versions.push(version), Promise.resolve({ version: version + 1 }))));
    expect(versions).toEqual([3, 4]);
  });

  it('keeps the edits and says why when a save fails, until dismissed or a save succeeds', async () => {
    const { result } = setup();
    act(() => result.current.change({ title: 'Kerala rivers' }));
    await act(async () => {
      await expect(result.current.save(result.current.current(), () => Promise.reject(serverError('Title is taken', { type: 'conflict' })))).rejects.toThrow();
    });
    expect(result.current.draft).toEqual({ title: 'Kerala rivers' });
    expect(result.current.hasChanges).toBe(true);
    expect(result.current.saveFailure).toEqual({ title: 'Update subject failed', message: 'Title is taken' });
    expect(result.current.staleSave).toBeNull();

    act(() => result.current.dismissSaveFailure());
    expect(result.current.saveFailure).toBeNull();

    act(() => result.current.showSaveFailure({ title: 'Update subject failed', message: 'Enter the YouTube video id only' }));
    expect(result.current.saveFailure?.message).toBe('Enter the YouTube video id only');
    await act(() => result.current.save(result.current.current(), (version) => Promise.resolve({ version: version + 1 })));
    expect(result.current.saveFailure).toBeNull();
    expect(result.current.hasChanges).toBe(false);
  });

  it("tells someone else's save apart, with who saved it, and not as a failure of its own", async () => {
    const { result } = setup();
    act(() => result.current.change({ title: 'Mine' }));
    const stale = serverError('Saved by Asha at 10:02', { type: 'conflict', stale: { version: 5, updatedAt: '2026-11-24T04:32:00.000Z', updatedBy: 'Asha' } });
    await act(async () => {
      await expect(result.current.save(result.current.current(), () => Promise.reject(stale))).rejects.toThrow();
    });
    expect(result.current.staleSave).toMatchObject({ message: 'Saved by Asha at 10:02', stale: { version: 5, updatedBy: 'Asha' } });
    expect(result.current.saveFailure).toBeNull();
    expect(result.current.draft).toEqual({ title: 'Mine' });
    // A stale error passed on by a widget is not shown twice.
    act(() => result.current.showSaveFailure(stale));
    expect(result.current.saveFailure).toBeNull();
  });

  it("shows a failure a widget reports as an error, under the screen's title", () => {
    const { result } = setup();
    act(() => result.current.showSaveFailure(new Error('Network error')));
    expect(result.current.saveFailure).toEqual({ title: 'Update subject failed', message: 'Network error' });
  });
  it("leaves a quiet save's failure to its caller (a dialog shows it), still tells a stale copy, and gives the version it saves with", async () => {
    const { result } = setup();
    expect(result.current.version()).toBe(3);
    act(() => result.current.change({ title: 'Regraded' }));
    const refused = serverError('This change re-marks 4 submitted attempts', { type: 'conflict', regrade: { attempts: 4 } });
    await act(async () => {
      await expect(result.current.save(result.current.current(), () => Promise.reject(refused), undefined, { quiet: true })).rejects.toThrow();
    });
    expect(result.current.saveFailure).toBeNull();
    expect(result.current.draft).toEqual({ title: 'Regraded' });
    const stale = serverError('Saved by Asha at 10:02', { type: 'conflict', stale: { version: 5, updatedAt: '2026-11-24T04:32:00.000Z', updatedBy: 'Asha' } });
    await act(async () => {
      await expect(result.current.save(result.current.current(), () => Promise.reject(stale), undefined, { quiet: true })).rejects.toThrow();
    });
    expect(result.current.staleSave?.stale.version).toBe(5);
    expect(result.current.saveFailure).toBeNull();
    await act(() => result.current.save(result.current.current(), (version) => Promise.resolve({ version: version + 2 }), undefined, { quiet: true }));
    expect(result.current.version()).toBe(5);
    expect(result.current.hasChanges).toBe(false);
  });
});
