/**
 * The API document's version and its changelog (the end of `info.description`): what changed for
 * the student apps' routes under /api/student. The admin routes keep their contract.
 */
export const API_VERSION = '2.2.0';

/** What 2.2.0 adds (nothing an app reads changes shape; the body of the playback request stays optional; segments become encrypted). */
const lowDataAdditions = [
  '`POST /api/student/lectures/{lectureId}/playback`: an optional body `{ dataSaver, audioOnly }` chooses the ladder `hlsUrl` leads to (`dataSaver`: 144p and 240p only; `audioOnly`: the sound alone, 64 kb/s AAC, or the data saver ladder for a video processed before it had one), and the answer’s `ladder` says which (`full`, `data-saver`, `audio-only`).',
  '`GET /api/assets/{id}/hls/master.m3u8`: takes `ladder` (`full`, `data-saver`, `audio-only`); every video processed from now on has a 144p rendition and an audio-only one (`CODECS="mp4a.40.2"`, no `RESOLUTION`, listed last).',
  'A lecture plays while its video is still being processed, from its first seconds: the master playlist then lists 144p, 240p, 360p and the sound, whose playlists are `#EXT-X-PLAYLIST-TYPE:EVENT` and grow until they end (`#EXT-X-ENDLIST`); players should reload them as HLS players do.',
  '**Encrypted lecture videos**: segments are HLS AES-128; a rendition playlist names its key as `GET /api/assets/{id}/key` with a 5-to-6-minute link for the student who fetched the playlist, answered (16 bytes) only with that student’s session (cookie or bearer token) while a published lecture with the video is theirs. A standard HLS player that sends the session with its key requests plays it unchanged.',
];

/** What 2.1.0 adds (nothing an app reads changes shape). */
const additions = [
  '`POST /api/student/attempts/{attemptId}/submit`, `GET /api/student/attempts/{attemptId}/result`: `regrade` (the last regrade that changed the result: `regradedAt`, `reason`, `previousScore`, `changes`; null when none did) and each question’s `isVoided`.',
  '`POST /api/student/exams/{examId}/questions/{questionResId}/reports`, `GET /api/student/exams/{examId}/reports`: a student reports a question whose answer key looks wrong, and lists their reports of the exam.',
];

/** What 2.0.0 changed. */
const changes = [
  '**Bearer tokens for apps**: `POST /api/auth/token` (and `POST /api/auth/token/social-authentication` for Google) answer an access token to send as `Authorization: Bearer`; `DELETE /api/auth/token` ends it. Every student operation takes the token or the cookie.',
  '**Sign-in before input**: every /api/student operation answers 401 to a caller without a live session before it reads the body, the query or the path (before, 13 of them answered 400 for a wrong body first).',
  '**One error shape**: a malformed address answers 400 and a method a path does not take 405 with `Allow` (before, 404), both with the `Error` body; `warnings` is set only by `has-warnings` refusals (validation errors list their fields in `issues`); a Range outside a file answers 416 with the `Error` body.',
  '**Conventions on every /api/student route**: money is whole paise in fields named `…Paise`; every date-time is ISO 8601 in UTC (`2026-11-27T08:30:00.000Z`, `format: date-time`), never milliseconds; every list pages with `page` (from 1) and `pageSize` (20 unless a list says otherwise, at most 100) and answers `{ items, page, pageSize, hasMore, total? }`; ids are strings; every answer carries `Cache-Control`.',
  '`GET /api/student/courses`: a page of courses (`items`, with `total`) instead of an array; `price` has `grossPaise`, `gstPaise`, `netPaise`, `compareAtPricePaise` instead of `grossAmount`, `gstAmount`, `netAmount`, `compareAtPrice` (rupees).',
  '`GET /api/student/courses/{courseId}`: `price` as in the list; `subjects[]` lose `pageCount`; `firstSubjectLectures` is a page (`items`, `total`, `hasMore`) without `subjectId`, `pageCount`, `lectureCount`, `lectures`; `304` documented.',
  '`GET /api/student/courses/{courseId}/subjects/{subjectId}/lectures`: takes `pageSize` (50 unless asked) and answers the page shape (`items`, `total`, `hasMore`) instead of `subjectId`, `pageCount`, `lectureCount`, `lectures`.',
  '`POST /api/student/courses/{courseId}/documents`, `POST /api/student/lectures/{lectureId}/playback`: `expiresAt` is documented as `format: date-time` (UTC).',
  '`GET /api/student/custom-lectures`: takes `page`, `pageSize`; answers `title` with a page of lectures (`items`, `total`) instead of `lectures`.',
  '`GET /api/student/exams`: a page (`items`, with `total`) instead of an array; `publishDateTimeInMs` (milliseconds) becomes `publishAt` (date-time).',
  '`POST /api/student/exams/{examId}/attempts`, `GET /api/student/attempts/{attemptId}`: `startedAtMs`, `deadlineMs`, `serverTimeMs` become `startedAt`, `deadlineAt`, `serverTime`; each group’s `opensAtMs`, `closesAtMs` become `opensAt`, `closesAt` (date-times).',
  '`PUT /api/student/attempts/{attemptId}/answers`: `serverTimeMs`, `deadlineMs` become `serverTime`, `deadlineAt` (date-times).',
  '`POST /api/student/attempts/{attemptId}/submit`, `GET /api/student/attempts/{attemptId}/result`: `answerSubmittedOn` (milliseconds) becomes `submittedAt` (date-time).',
  '`GET /api/student/exams/{examId}/ranking`, `GET /api/student/rank-files/{id}/ranking`: take `page`, `pageSize` (100 unless asked) over the top 100; `rows` becomes `items` with `page`, `pageSize`, `hasMore`, `total`; `lastRankRefresh` (milliseconds) becomes `lastRankRefreshAt` (date-time); a rank file’s `total` score becomes `totalScore`.',
  '`POST /api/student/checkout/quote`, `POST /api/student/orders`, `POST /api/student/orders/{id}/verify`, `GET /api/student/orders/{id}`: `grossAmount`, `discountAmount`, `gstAmount`, `netAmount` (rupees) become `grossPaise`, `discountPaise`, `gstPaise`, `netPaise`; `payment.amount` becomes `payment.amountPaise`; `createdAt`, `paidAt`, `accessEndsAt` are date-times.',
  '`GET /api/student/orders`: the student’s orders a page at a time (`page`, `pageSize`; `items`, `hasMore`, no `total`) instead of an array of the latest 100.',
  '`GET /api/student/orders/{id}/invoice`, `GET /api/student/invoices/{id}`: documented as `application/pdf`.',
  '`GET /api/student/invoices`: `invoices` becomes `items` with `hasMore`; `taxableAmount`, `cgstAmount`, `sgstAmount`, `igstAmount`, `discountAmount`, `roundOff`, `totalAmount` (rupees) become `taxablePaise`, `cgstPaise`, `sgstPaise`, `igstPaise`, `discountPaise`, `roundOffPaise`, `totalPaise`.',
  '`GET /api/student/lectures/{lectureId}/comments`: takes `pageSize` (20 unless asked); `comments` becomes `items` with `hasMore`.',
  '`GET /api/student/current-affairs`: `pageSize` may be up to 100; `currentAffairs` becomes `items` with `hasMore`; `rateCard.netAmount` (rupees) becomes `rateCard.netPaise`.',
  '`GET /api/student/meeting-links`: a page (`items`, with `total`) instead of an array.',
  '`GET /api/student/winners/active`, `GET /api/student/winners/{id}`, `POST /api/student/winners/{id}/confirm`: `prizeAmount` (rupees) becomes `prizePaise`.',
  '`GET /api/student/winners/mine`: takes `page`, `pageSize`; answers the page shape (`items` with `page`, `pageSize`, `hasMore`, `total`).',
  '`GET /api/student/lectures/{lectureId}/poster.jpg`, `GET /api/student/courses/{courseId}/preview-video`: documented with their media types, `206` and `304`.',
];

/** The markdown appended to the document's description. */
export const API_CHANGELOG =
  `\n\n## Changelog\n\n### ${API_VERSION}\n\n${lowDataAdditions.map((change) => `- ${change}`).join('\n')}\n` +
  `\n### 2.1.0\n\n${additions.map((change) => `- ${change}`).join('\n')}\n` +
  `\n### 2.0.0\n\n${changes.map((change) => `- ${change}`).join('\n')}\n`;
