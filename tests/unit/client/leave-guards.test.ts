// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { holdNavigation, installLeaveGuards } from '../../../client/src/lib/leave-guards.ts';

/** The browser's back button: the address changes, then popstate fires. */
function goBackTo(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('leave guards held together (an upload inside an editor with unsaved changes)', () => {
  it('asks the latest guard; once it lets go, the one before asks again; with none, nothing is held', () => {
    installLeaveGuards();
    window.history.replaceState(null, '', '/admin/videos/lectures/1');
    const editor = { inside: (path: string) => path.startsWith('/admin/videos/lectures/1'), blocked: vi.fn() };
    const upload = { inside: () => false, blocked: vi.fn() };
    const releaseEditor = holdNavigation(editor);
    const releaseUpload = holdNavigation(upload);

    goBackTo('/admin/subscriptions');
    expect(upload.blocked).toHaveBeenCalledWith('/admin/subscriptions');
    expect(editor.blocked).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/admin/videos/lectures/1');

    releaseUpload();
    goBackTo('/admin/exams');
    expect(editor.blocked).toHaveBeenCalledWith('/admin/exams');
    expect(upload.blocked).toHaveBeenCalledTimes(1);

    releaseEditor();
    goBackTo('/admin/courses');
    expect(window.location.pathname).toBe('/admin/courses');
    expect(editor.blocked).toHaveBeenCalledTimes(1);
  });
});
