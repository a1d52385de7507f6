import { titleFilterSchema, titleMatches } from '../../shared/bulk/bulk.schema.ts';
import { toCourseValue, toDraft } from '../../shared/courses/course-draft.ts';
import { courseValueSchema, type Course } from '../../shared/courses/courses.schema.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { visibilitySteps } from '../bulk/visibility-steps.ts';
import { AppError } from '../errors.ts';
import { courseTitlesOf } from './courses.repository.ts';
import { deleteCourse, getCourse, listCourses, saveCourse } from './courses.service.ts';

/** The course as its editor would send it back (the same conversion), with only the visibility switch changed. */
function valueOf(course: Course, isVisible: boolean) {
  const parsed = courseValueSchema.safeParse(toCourseValue({ ...toDraft(course), isVisible }));
  if (!parsed.success) throw new AppError('validation', parsed.error.issues[0]?.message ?? 'The course cannot be saved as it is: open it in its editor');
  return parsed.data;
}

/** Bulk publish, unpublish and delete on the Course Manager (filtered by title), for the roles that edit courses. */
export const coursesBulk: BulkResource<typeof titleFilterSchema> = {
  noun: 'courses',
  filter: titleFilterSchema,
  ability: 'editCourses',
  findRows: (ctx, ids) => courseTitlesOf(ctx.db, ids),
  async listMatching(ctx, filter) {
    return (await listCourses(ctx)).filter((course) => titleMatches(course.title, filter)).map((course) => ({ id: course._id, title: course.title }));
  },
  actions: {
    ...visibilitySteps({
      read: (ctx, id) => getCourse(ctx, { id }),
      save: (ctx, id, course, isVisible) => saveCourse(ctx, { id, value: valueOf(course, isVisible), version: course.version }),
      offline: 'The course stays offline',
    }),
    delete: (ctx, row) => deleteCourse(ctx, { id: row.id }).then(() => undefined),
  },
};
