import { describe, expect, it } from 'vitest';
import {
  COMMENT_MESSAGES,
  editReplyInputSchema,
  MAX_MESSAGE_LENGTH,
  messageLength,
  messageProblem,
  messageSchema,
  replyNotificationTitle,
  visibleReplies,
} from '../../../../shared/comments/comments.schema.ts';
import { COMPOSER_LIMITS, MAX_PUSH_PAYLOAD_BYTES, payloadBytes, PUSH_MESSAGES, sendNotificationInputSchema } from '../../../../shared/push/push.schema.ts';
import { endpointAllowed } from '../../../../server/push/push-endpoints.ts';

describe('reply display', () => {
  it('shows three replies, then offers more, and folds them again', () => {
    expect(visibleReplies([1, 2, 3], false)).toEqual({ shown: [1, 2, 3], toggle: null });
    expect(visibleReplies([1, 2, 3, 4], false)).toEqual({ shown: [1, 2, 3], toggle: 'See more replies' });
    expect(visibleReplies([1, 2, 3, 4], true)).toEqual({ shown: [1, 2, 3, 4], toggle: 'Hide replies' });
  });

  it('names the push to a student who got a reply', () => {
    expect(replyNotificationTitle('Dr. Meera')).toBe('Dr. Meera - replied to you');
    expect(replyNotificationTitle('x'.repeat(200))).toHaveLength(100);
  });

  it('keeps messages plain: trimmed, control characters dropped, 1 to 2,000 characters', () => {
    expect(messageSchema.parse('  hello\u0007 world\n ')).toBe('hello world');
    expect(messageSchema.safeParse('   ').success).toBe(false);
    expect(messageSchema.safeParse('x'.repeat(2000)).success).toBe(true);
    expect(messageSchema.safeParse('x'.repeat(2001)).success).toBe(false);
    expect(editReplyInputSchema.safeParse({ message: 'ok', displayName: '' }).success).toBe(false);
  });

  it('drops C1 controls and bidirectional overrides and isolates, but keeps line breaks, tabs and the Malayalam joiners', () => {
    expect(messageSchema.parse('next\u0085line\u009b31m')).toBe('nextline31m');
    expect(messageSchema.parse('\u0080a\u009fb\u007fc')).toBe('abc');
    // U+202E (right-to-left override) would make "gpj.exe" read as "exe.jpg".
    expect(messageSchema.parse('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(messageSchema.parse('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee')).toBe('abcde');
    expect(messageSchema.parse('\u2066a\u2067b\u2068c\u2069d')).toBe('abcd');
    expect(messageSchema.parse('line one\n\tline two')).toBe('line one\n\tline two');
    expect(messageSchema.parse('ന്\u200Dക ക്\u200Cക')).toBe('ന്\u200Dക ക്\u200Cക');
    // Neighbours of the dropped ranges stay.
    expect(messageSchema.parse('\u00a0x\u00a0\u2029y\u202F\u2065z\u206A')).toBe('x\u00a0\u2029y\u202F\u2065z\u206A');
  });

  it('counts a message as the server does: characters, not UTF-16 units, after dropping controls and trimming', () => {
    const emoji = '😀'.repeat(1001);
    expect(emoji.length).toBe(2002);
    expect(messageLength(emoji)).toBe(1001);
    expect(messageSchema.safeParse(emoji).success).toBe(true);
    expect(messageProblem(emoji)).toEqual({});
    const tooLong = '😀'.repeat(MAX_MESSAGE_LENGTH + 1);
    expect(messageSchema.safeParse(tooLong).success).toBe(false);
    expect(messageProblem(tooLong)).toEqual({ message: COMMENT_MESSAGES.messageTooLong });
    expect(messageLength('  a\u202Eb  ')).toBe(2);
    expect(messageProblem(' \u202E ')).toEqual({ message: COMMENT_MESSAGES.messageRequired });
    expect(messageProblem('x'.repeat(MAX_MESSAGE_LENGTH))).toEqual({});
  });
});

describe('composer and payload limits', () => {
  it('takes a title of at most 100 and a body of at most 255 characters, Specific User and both groups by default', () => {
    const parsed = sendNotificationInputSchema.parse({ title: 'T', body: 'B' });
    expect(parsed).toMatchObject({ targetType: 'specific-user', groupTargets: ['lakshya-students', 'purchased-users'] });
    expect(sendNotificationInputSchema.safeParse({ title: 'x'.repeat(COMPOSER_LIMITS.title), body: 'B' }).success).toBe(true);
    expect(sendNotificationInputSchema.safeParse({ title: 'x'.repeat(COMPOSER_LIMITS.title + 1), body: 'B' }).success).toBe(false);
    expect(sendNotificationInputSchema.safeParse({ title: 'T', body: 'x'.repeat(COMPOSER_LIMITS.body + 1) }).success).toBe(false);
  });

  it('drops control characters and direction overrides from the title and body, and takes invisible text as blank', () => {
    const parsed = sendNotificationInputSchema.parse({ title: '\u0001Mock test\u202e ', body: 'Tonight\u0085 at 7\nമലയാളം ന്\u200d' });
    expect(parsed).toMatchObject({ title: 'Mock test', body: 'Tonight at 7\nമലയാളം ന്\u200d' });
    const blank = sendNotificationInputSchema.safeParse({ title: '\u200b\u0001', body: '\u202e' });
    expect(blank.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', PUSH_MESSAGES.titleRequired],
      ['body', PUSH_MESSAGES.bodyRequired],
    ]);
  });

  it('measures the payload in bytes (Malayalam takes three a letter) against 3,993', () => {
    const base = { notificationId: 'n', title: 'T', body: '', image: null, clickAction: null, resourceType: null, resourceId: null, data: {} };
    const empty = payloadBytes(base).bytes;
    expect(payloadBytes({ ...base, body: 'അ'.repeat(10) }).bytes).toBe(empty + 30);
    expect(payloadBytes({ ...base, body: 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES - empty) }).fits).toBe(true);
    expect(payloadBytes({ ...base, body: 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES - empty + 1) }).fits).toBe(false);
  });
});

describe('push endpoints', () => {
  const hosts = 'fcm.googleapis.com,*.push.apple.com';
  it('sends only over https to the push services named', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QGx', hosts)).toBe(true);
    expect(endpointAllowed('https://push.apple.com.evil.example/x', hosts)).toBe(false);
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(endpointAllowed('https://169.254.169.254/latest', hosts)).toBe(false);
    expect(endpointAllowed('not a url', hosts)).toBe(false);
  });

  it("keeps to https's own port unless the setting names another", () => {
    expect(endpointAllowed('https://fcm.googleapis.com:22/x', hosts)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com:8443/x', hosts)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com:443/x', hosts)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com:5223/x', hosts)).toBe(false);
    expect(endpointAllowed('https://push.example.org:8443/x', 'push.example.org:8443')).toBe(true);
    expect(endpointAllowed('https://push.example.org/x', 'push.example.org:8443')).toBe(false);
    expect(endpointAllowed('https://push.example.org:9443/x', 'push.example.org:8443')).toBe(false);
  });
});
