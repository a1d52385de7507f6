import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { AuditAction } from '../../shared/audit/audit.constants.ts';
import type { Course, CourseFile } from '../../shared/courses/courses.schema.ts';
import type { AuditRecord } from '../audit/audit-writer.ts';

const files = (list: readonly CourseFile[]) =>
  list.map((file) => ({ fileName: file.fileName, year: file.year, isActive: file.isActive, pdfFileId: file.pdfFileId }));

/**
 * A course as the audit log compares it: the editor's fields, its plan by the titles staff see
 * (subjects with their lectures' days and topics, exams with their days, rank files) and its
 * files and study-plan notes, without ids of its own rows, file sizes or note timestamps.
 */
export function courseAuditFields(course: Course): Record<string, unknown> {
  return {
    title: course.title,
    isVisible: course.isVisible,
    isPublished: course.isPublished,
    publishWarnings: course.publishWarnings,
    isExpiredCourse: course.isExpiredCourse,
    isBestSelling: course.isBestSelling,
    description: course.description,
    category: course.category,
    tags: course.tags,
    sortIndex: course.sortIndex,
    cmsTags: course.cmsTags,
    bannerImageId: course.bannerImageId,
    previewVideoId: course.previewVideoId,
    dayPlannerPdfId: course.dayPlannerPdfId,
    rateCard: course.courseRateCard ? course.courseRateCard.title : null,
    extraRateCardIds: course.attachedSubscriptions.map((entry) => entry.subscriptionId),
    enableDaySchedule: course.enableDaySchedule,
    dayScheduleNote: course.dayScheduleNote,
    subjects: course.subjects.map((subject) => ({
      title: subject.title,
      isActive: subject.isActive,
      bannerImageId: subject.bannerImageId,
      lectures: subject.lectures.map((lecture) => ({
        title: lecture.title,
        days: subject.lectureDaySchedulePlan[lecture._id] ?? [],
        topic: subject.lectureTopicMetadata[lecture._id] ?? '',
      })),
    })),
    exams: course.exams.map((exam) => ({ title: exam.exams.title, days: exam.dayTags })),
    rankFiles: course.rankFiles.map((rankFile) => rankFile.title),
    previousQuestions: files(course.previousQuestions),
    syllabus: files(course.syllabus),
    studyPlanNotes: course.studyPlanNotes.map((note) => ({
      afterDayIndex: note.afterDayIndex,
      title: note.title,
      content: note.content,
      visible: note.visible,
    })),
  };
}

/** The entry of one change to a course (as its editor shows it before and after). */
export function courseAuditRecord(action: AuditAction, before: Course | null, after: Course | null, extra: Record<string, unknown> = {}): AuditRecord {
  const course = (after ?? before)!;
  return {
    action,
    resourceType: 'course',
    resourceId: course._id,
    title: course.title,
    changes: changedFields(before && courseAuditFields(before), after && { ...courseAuditFields(after), ...extra }),
  };
}
