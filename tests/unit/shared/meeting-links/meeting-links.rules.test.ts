import { describe, expect, it } from 'vitest';
import {
  distinctCourseIds,
  isMeetingLive,
  MEETING_LINK_MESSAGES,
  meetingUrlProblem,
  meetingWindowProblem,
  parseMeetingTime,
} from '../../../../shared/meeting-links/meeting-links.rules.ts';
import { createMeetingLinkInputSchema } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { PUSH_MESSAGES, sendNotificationInputSchema } from '../../../../shared/push/push.schema.ts';
import { formatMeetingTime, isoToPickerValue, pickerValueToIso } from '../../../../client/src/features/meeting-links/meeting-time.ts';

describe('meetingUrlProblem', () => {
  it.each(['https://meet.google.com/abc-defg-hij', 'http://zoom.us/j/123?pwd=x', 'HTTPS://Teams.Example.com/l/meetup', '  https://meet.example.com/a  '])(
    'accepts http and https web addresses, whatever the case of the scheme (%j)',
    (url) => {
      expect(meetingUrlProblem(url), url).toBeNull();
    },
  );

  it('refuses what the app cannot open: no scheme, other schemes, no host, spaces, blank, too long', () => {
    expect(meetingUrlProblem('')).toBe(MEETING_LINK_MESSAGES.urlRequired);
    expect(meetingUrlProblem('   ')).toBe(MEETING_LINK_MESSAGES.urlRequired);
    for (const url of [
      'meet.google.com/abc',
      'ftp://x.example.com',
      'javascript:alert(1)',
      'https://',
      'https:///path',
      'https://meet.example.com/a b',
      'mailto:a@b.c',
    ]) {
      expect(meetingUrlProblem(url), url).toBe(MEETING_LINK_MESSAGES.urlNotWeb);
    }
    expect(meetingUrlProblem(`https://x.example.com/${'a'.repeat(2030)}`)).toBe(MEETING_LINK_MESSAGES.urlTooLong);
  });

  it('refuses an address that reads as another: a user name or password before an @, invisible or direction characters', () => {
    for (const url of ['https://meet.google.com@example.com/x', 'https://user:secret@meet.example.com/a', 'https://:pw@meet.example.com']) {
      expect(meetingUrlProblem(url), url).toBe(MEETING_LINK_MESSAGES.urlHasCredentials);
    }
    for (const url of ['https://meet.example.com/\u202egnp.exe', 'https://meet.\u200bexample.com/a', 'https://meet.example.com/a\u0000']) {
      expect(meetingUrlProblem(url), url).toBe(MEETING_LINK_MESSAGES.urlInvisible);
    }
    // An @ later in the address is part of its path or query, not a user name.
    expect(meetingUrlProblem('https://meet.example.com/join?who=a@b.c')).toBeNull();
  });
});

describe('parseMeetingTime', () => {
  it('reads ISO times with their zone and milliseconds since 1970', () => {
    expect(parseMeetingTime('2026-11-26T19:30:00+05:30')).toEqual(new Date('2026-11-26T14:00:00Z'));
    expect(parseMeetingTime('2026-11-26T14:00Z')).toEqual(new Date('2026-11-26T14:00:00Z'));
    expect(parseMeetingTime('2026-11-26T14:00:00.123z')).toEqual(new Date('2026-11-26T14:00:00.123Z'));
    expect(parseMeetingTime(Date.UTC(2026, 10, 26, 14))).toEqual(new Date('2026-11-26T14:00:00Z'));
  });

  it('tells a missing time from one it cannot read', () => {
    for (const value of [undefined, null, '', '  ']) expect(parseMeetingTime(value)).toBe('missing');
    for (const value of [
      '2026-11-26T19:30',
      '2026-11-26',
      'tomorrow',
      '2026-02-30T10:00:00Z',
      '2026-11-26T24:30:00Z',
      '2026-11-26T19:61:00+05:30',
      '0202-11-26T10:00:00Z',
      '2101-01-01T10:00:00Z',
      Number.NaN,
      Infinity,
      true,
      {},
    ]) {
      expect(parseMeetingTime(value), String(value)).toBe('invalid');
    }
  });
});

describe('meetingWindowProblem', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('wants an end after the start that has not passed', () => {
    expect(meetingWindowProblem(new Date('2026-11-26T13:00:00Z'), new Date('2026-11-26T14:00:00Z'), now)).toBeNull();
    expect(meetingWindowProblem(new Date('2026-11-26T11:00:00Z'), new Date('2026-11-26T14:00:00Z'), now)).toBeNull();
    expect(meetingWindowProblem(new Date('2026-11-26T14:00:00Z'), new Date('2026-11-26T13:00:00Z'), now)).toEqual({
      field: 'endDate',
      message: MEETING_LINK_MESSAGES.endNotAfterStart,
    });
    expect(meetingWindowProblem(new Date('2026-11-26T14:00:00Z'), new Date('2026-11-26T14:00:00Z'), now)).toEqual({
      field: 'endDate',
      message: MEETING_LINK_MESSAGES.endNotAfterStart,
    });
    expect(meetingWindowProblem(new Date('2026-11-26T10:00:00Z'), new Date('2026-11-26T11:00:00Z'), now)).toEqual({
      field: 'endDate',
      message: MEETING_LINK_MESSAGES.endPassed,
    });
  });

  it('lets a saved link keep a window that has ended, but not move to another past one', () => {
    const stored = { start: new Date('2026-11-20T10:00:00Z'), end: new Date('2026-11-20T11:00:00Z') };
    expect(meetingWindowProblem(stored.start, stored.end, now, stored)).toBeNull();
    expect(meetingWindowProblem(stored.start, new Date('2026-11-20T12:00:00Z'), now, stored)).toEqual({
      field: 'endDate',
      message: MEETING_LINK_MESSAGES.endPassed,
    });
    expect(meetingWindowProblem(stored.end, stored.start, now, { start: stored.end, end: stored.start })).toEqual({
      field: 'endDate',
      message: MEETING_LINK_MESSAGES.endNotAfterStart,
    });
  });
});

describe('distinctCourseIds', () => {
  it('keeps each course once, in the order first given, whatever the case of the id', () => {
    const a = '0b6f8c2e-1d2a-4c8e-9f00-000000000001';
    const b = '0b6f8c2e-1d2a-4c8e-9f00-000000000002';
    expect(distinctCourseIds([b, a, b.toUpperCase(), a])).toEqual([b, a]);
    expect(distinctCourseIds([])).toEqual([]);
  });
});

describe('the courses of a new meeting link', () => {
  const base = { title: 'Live', url: 'https://meet.example.com/x', startDate: '2030-01-05T19:30:00+05:30', endDate: '2030-01-05T21:00:00+05:30' };
  it('takes none (or null) as no course, and refuses what is not a list of at most 20 ids', () => {
    expect(createMeetingLinkInputSchema.parse(base).courseIds).toEqual([]);
    expect(createMeetingLinkInputSchema.parse({ ...base, courseIds: null }).courseIds).toEqual([]);
    const refused: Array<[unknown, string]> = [
      ['LDC', MEETING_LINK_MESSAGES.coursesNotList],
      [['LDC'], MEETING_LINK_MESSAGES.courseNotFound],
      [Array.from({ length: 21 }, (_, i) => `0b6f8c2e-1d2a-4c8e-9f00-${String(i).padStart(12, '0')}`), MEETING_LINK_MESSAGES.tooManyCourses],
    ];
    for (const [courseIds, message] of refused) {
      const result = createMeetingLinkInputSchema.safeParse({ ...base, courseIds });
      expect(result.success, JSON.stringify(courseIds)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(message);
      expect(result.error!.issues[0]!.path[0]).toBe('courseIds');
    }
  });
});

describe('isMeetingLive', () => {
  const link = { isActive: true, startDate: new Date('2026-11-26T10:00:00Z'), endDate: new Date('2026-11-26T12:00:00Z') };
  it('is live while active between its start and its end, both included', () => {
    expect(isMeetingLive(link, new Date('2026-11-26T10:00:00Z'))).toBe(true);
    expect(isMeetingLive(link, new Date('2026-11-26T12:00:00Z'))).toBe(true);
    expect(isMeetingLive(link, new Date('2026-11-26T09:59:59Z'))).toBe(false);
    expect(isMeetingLive(link, new Date('2026-11-26T12:00:01Z'))).toBe(false);
    expect(isMeetingLive({ ...link, isActive: false }, new Date('2026-11-26T11:00:00Z'))).toBe(false);
  });
});

describe('createMeetingLinkInputSchema', () => {
  const valid = { title: ' Live ', url: ' https://meet.example.com/x ', startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T11:00:00Z' };
  it('trims and turns the times into dates', () => {
    expect(createMeetingLinkInputSchema.parse(valid)).toEqual({
      title: 'Live',
      url: 'https://meet.example.com/x',
      startDate: new Date('2030-01-01T10:00:00Z'),
      endDate: new Date('2030-01-01T11:00:00Z'),
      courseIds: [],
    });
  });

  it('names the field of each problem, and checks the order only of readable times', () => {
    const issues = (input: Record<string, unknown>) =>
      createMeetingLinkInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ ...valid, endDate: '2030-01-01T09:00:00Z' })).toEqual([['endDate', MEETING_LINK_MESSAGES.endNotAfterStart]]);
    expect(issues({ ...valid, startDate: 'soon', endDate: '' })).toEqual([
      ['startDate', MEETING_LINK_MESSAGES.startInvalid],
      ['endDate', MEETING_LINK_MESSAGES.endRequired],
    ]);
    expect(issues({})).toEqual([
      ['title', MEETING_LINK_MESSAGES.titleRequired],
      ['url', MEETING_LINK_MESSAGES.urlRequired],
      ['startDate', MEETING_LINK_MESSAGES.startRequired],
      ['endDate', MEETING_LINK_MESSAGES.endRequired],
    ]);
  });
});

describe('the composer request with a course target', () => {
  const base = { title: 'Live class', body: 'Join now' };
  it('takes a course id and the link an open_link notification opens', () => {
    const parsed = sendNotificationInputSchema.parse({
      ...base,
      targetType: 'course',
      courseId: '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f',
      clickAction: 'open_link',
      linkUrl: ' https://meet.example.com/x ',
    });
    expect(parsed).toMatchObject({ targetType: 'course', courseId: '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f', linkUrl: 'https://meet.example.com/x' });
  });

  it('refuses an open_link without a web address, and a course id that is not an id', () => {
    const messages = (input: Record<string, unknown>) =>
      sendNotificationInputSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => issue.message);
    expect(messages({ clickAction: 'open_link' })).toEqual([PUSH_MESSAGES.linkRequired]);
    expect(messages({ clickAction: 'open_link', linkUrl: '  ' })).toEqual([PUSH_MESSAGES.linkRequired]);
    expect(messages({ clickAction: 'open_link', linkUrl: 'data:text/html,hi' })).toEqual([PUSH_MESSAGES.linkInvalid]);
    expect(messages({ targetType: 'course', courseId: 'KAS' })).toEqual([PUSH_MESSAGES.courseNotFound]);
    // Other click actions need no link, as before.
    expect(messages({ clickAction: 'open_exam' })).toBeUndefined();
  });
});

describe('meeting times in the console', () => {
  it('sends a picked India time as an ISO time, and leaves blank for the server to name', () => {
    expect(pickerValueToIso('2030-01-05T19:30')).toBe('2030-01-05T14:00:00.000Z');
    expect(pickerValueToIso('')).toBe('');
    expect(pickerValueToIso('not a time')).toBe('not a time');
  });

  it('shows a long date and time, and a dash for what is not a time', () => {
    const shown = formatMeetingTime('2030-01-05T14:00:00.000Z');
    expect(shown).toBe('5 January 2030 at 7:30 pm');
    expect(formatMeetingTime('nonsense')).toBe('—');
  });

  it('fills the edit form pickers with the stored times in India time, and back', () => {
    const stored = '2030-01-05T14:00:00.000Z';
    expect(isoToPickerValue(stored)).toBe('2030-01-05T19:30');
    expect(pickerValueToIso(isoToPickerValue(stored))).toBe(stored);
    expect(isoToPickerValue('nonsense')).toBe('');
  });
});
