import { toCourseValue, type CourseDraft } from '../../../../shared/courses/course-draft.ts';
import { sameWhenSent } from '../../lib/same-draft.ts';

let keys = 0;
/** A key for a subject added in the editor, until it is saved and has its id. */
export const newKey = () => `new-${(keys += 1)}`;

/** Two drafts hold the same course (subject keys aside, which only tell React what moved). */
export const sameCourseDraft = sameWhenSent(toCourseValue);

/** What the tabs are given: the draft and the ways to change it. */
export interface CourseEditorApi {
  draft: CourseDraft;
  change: (update: Partial<CourseDraft> | ((current: CourseDraft) => CourseDraft)) => void;
  /** Records lectures added to or removed from a subject, for attach-course after the save. */
  lectureAdded: (lectureId: string) => void;
  lectureRemoved: (lectureId: string) => void;
}
