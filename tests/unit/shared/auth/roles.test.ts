import { describe, expect, it } from 'vitest';
import {
  canSeeSales,
  canSeeScreen,
  hasConsoleAccess,
  homePathFor,
  selectedScreen,
  SIDE_BAR_ORDER,
  visibleScreens,
  type ScreenKey,
} from '../../../../shared/auth/roles.ts';

// The side-bar table of the specification, written out independently of the implementation.
const HIDDEN_FROM: Record<ScreenKey, string[]> = {
  dashboard: [],
  notifications: ['manager'],
  subscriptions: ['staff', 'marketing'],
  customLectures: ['staff', 'marketing'],
  courses: ['staff'],
  currentAffairs: ['marketing'],
  lakshyaStudents: ['staff', 'marketing', 'manager'],
  users: ['staff', 'manager'],
  orders: ['staff', 'manager'],
  gstReport: ['staff', 'marketing', 'manager'],
  coupons: ['staff', 'manager'],
  winners: ['staff', 'marketing', 'manager'],
  meetingLinks: ['staff', 'marketing', 'manager'],
  pendingPdf: ['staff', 'marketing'],
  processQueue: ['marketing'],
  audit: ['staff', 'marketing', 'manager'],
  videos: [],
  discussions: [],
  exams: [],
  rankFiles: [],
};

describe('canSeeScreen', () => {
  for (const role of ['staff', 'marketing', 'manager']) {
    it(`shows ${role} exactly the links the table allows`, () => {
      const expected = SIDE_BAR_ORDER.filter((screen) => !HIDDEN_FROM[screen].includes(role));
      expect(visibleScreens([role])).toEqual(expected);
    });
  }

  it('shows an administrator every link', () => {
    expect(visibleScreens(['admin'])).toEqual(SIDE_BAR_ORDER);
    expect(visibleScreens(['admin', 'staff'])).toEqual(SIDE_BAR_ORDER);
  });

  it('gives a user with two restricted roles what either role sees', () => {
    expect(canSeeScreen(['staff', 'marketing'], 'courses')).toBe(true);
    expect(canSeeScreen(['staff', 'marketing'], 'processQueue')).toBe(true);
    expect(canSeeScreen(['staff', 'marketing'], 'winners')).toBe(false);
  });

  it('shows a student nothing', () => {
    expect(visibleScreens([])).toEqual([]);
    expect(visibleScreens(['student'])).toEqual([]);
  });
});

describe('canSeeSales', () => {
  it('is for the roles that open Orders: administrators and marketing', () => {
    expect(canSeeSales(['admin'])).toBe(true);
    expect(canSeeSales(['marketing'])).toBe(true);
    expect(canSeeSales(['staff', 'manager'])).toBe(false);
    expect(canSeeSales(['educator'])).toBe(false);
  });
});

describe('hasConsoleAccess', () => {
  it('needs admin, staff, marketing or manager', () => {
    expect(hasConsoleAccess(['admin'])).toBe(true);
    expect(hasConsoleAccess(['manager'])).toBe(true);
    expect(hasConsoleAccess([])).toBe(false);
    expect(hasConsoleAccess(['educator'])).toBe(false);
  });
});

describe('selectedScreen', () => {
  it('selects the link whose path is a prefix of the current path', () => {
    expect(selectedScreen('/admin/videos')).toBe('videos');
    expect(selectedScreen('/admin/videos/lectures/abc/discussions')).toBe('videos');
    expect(selectedScreen('/admin/discussions/subject')).toBe('discussions');
    expect(selectedScreen('/admin/exams/editor/1/general')).toBe('exams');
    expect(selectedScreen('/admin/process/queue')).toBe('processQueue');
    expect(selectedScreen('/admin')).toBe('dashboard');
    expect(selectedScreen('/admin/dashboard')).toBe('dashboard');
  });

  it('does not select a link that only shares the start of a word', () => {
    expect(selectedScreen('/admin/videos-archive')).toBeUndefined();
    expect(selectedScreen('/account')).toBeUndefined();
  });
});

describe('homePathFor', () => {
  it('sends console users to the dashboard and everyone else to /account', () => {
    expect(homePathFor(['staff'])).toBe('/admin/dashboard');
    expect(homePathFor([])).toBe('/account');
  });
});
