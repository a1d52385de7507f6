/** The messages and fixed lists of courses, as the console and the student apps show them. */

export const COURSE_MESSAGES = {
  titleRequired: 'Please provide a course title',
  subjectTitleRequired: 'Please provide a title for the new subject',
  countTooSmall: 'Count should be more than 0',
  subjectHasLectures: 'Please delete all lectures and try again!',
  notFound: 'Course not found',
  noteContentRequired: 'Write the note before adding it',
} as const;

/** The course category and its tags. */
export const COURSE_CATEGORIES = [
  { key: 'kerala-psc', label: 'Kerala PSC', tags: ['10th Level', '12th Level', 'Degree Level', 'LGS Special Course'] },
] as const;

/** How many copies one duplicate makes at the most. */
export const MAX_DUPLICATE_COUNT = 20;

/** Course validity options (days). */
export const COURSE_VALIDITY_DAYS = { '12-months': 365, '6-months': 180, '4-months': 120 } as const;

/** The CMS tags a course can carry besides free text. */
export const CMS_TAGS = ['featured', 'explore'] as const;
