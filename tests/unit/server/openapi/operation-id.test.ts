import { describe, expect, it } from 'vitest';
import { documentedUrl, operationIdFor } from '../../../../server/http/openapi-operation.ts';

describe('operationIdFor', () => {
  it('names an item of a collection in the singular and the collection in the plural', () => {
    expect(operationIdFor('GET', '/api/student/courses/{courseId}')).toBe('getStudentCourse');
    expect(operationIdFor('GET', '/api/student/courses')).toBe('getStudentCourses');
    expect(operationIdFor('POST', '/api/student/orders/{id}/verify')).toBe('postStudentOrderVerify');
    expect(operationIdFor('PUT', '/api/student/comments/{commentId}/replies/{replyId}')).toBe('putStudentCommentReply');
  });

  it('reads Fastify paths as it reads OpenAPI paths', () => {
    expect(operationIdFor('post', '/api/student/orders/:id/verify')).toBe(operationIdFor('POST', '/api/student/orders/{id}/verify'));
  });

  it('adds the parameter where the word before it is already singular, so the list and the item differ', () => {
    expect(operationIdFor('GET', '/api/admin/lecture')).toBe('getAdminLecture');
    expect(operationIdFor('GET', '/api/admin/lecture/{id}')).toBe('getAdminLectureById');
    expect(operationIdFor('PUT', '/api/admin/comments/reply/{commentId}/{replyId}')).toBe('putAdminCommentsReplyByCommentIdByReplyId');
  });

  it('keeps words that only look plural, and camel-cases any segment', () => {
    expect(operationIdFor('PUT', '/api/admin/exams/{examId}/rank/status/{status}')).toBe('putAdminExamRankStatusByStatus');
    expect(operationIdFor('GET', '/api/assets/{id}/hls/{path}')).toBe('getAssetHlsByPath');
    expect(operationIdFor('GET', '/api/assets/{id}/poster.jpg')).toBe('getAssetPosterJpg');
    expect(operationIdFor('GET', '/api/admin/current-affairs/{id}')).toBe('getAdminCurrentAffair');
    expect(operationIdFor('GET', '/healthz')).toBe('getHealthz');
  });
});

describe('documentedUrl', () => {
  it("documents Fastify's wildcard as the parameter path", () => {
    expect(documentedUrl('/api/assets/:id/hls/*')).toBe('/api/assets/:id/hls/:path');
    expect(operationIdFor('GET', documentedUrl('/api/assets/:id/hls/*'))).toBe('getAssetHlsByPath');
  });
});
