/**
 * The day schedule of a course, as students see it: every lecture and exam on each day listed
 * for it. One function, used by the console's preview and the student apps' course read.
 */

/** A lecture as the schedule takes it: its id, and whatever else the caller wants carried along. */
export interface ScheduleLectureInput {
  _id: string;
  [field: string]: unknown;
}

export interface ScheduleSubjectInput<L extends ScheduleLectureInput = ScheduleLectureInput> {
  title: string;
  lectures: readonly L[];
  /** Lecture id → the day numbers it is on. */
  lectureDaySchedulePlan: Readonly<Record<string, readonly number[]>>;
  /** Lecture id → the group (topic) it is listed under on a day; the subject title when blank. */
  lectureTopicMetadata: Readonly<Record<string, string>>;
}

export interface ScheduleExamInput<E = unknown> {
  dayTags: readonly number[];
  /** The exam's id; anything but a string (a missing or broken reference) gives a null id. */
  exam: unknown;
  details: E;
}

export type ScheduledLecture<L> = L & { topic: string };

export interface LectureGroup<L> {
  groupTitle: string;
  lecture: ScheduledLecture<L>[];
}

export interface ScheduleDay<L, E> {
  dayIndex: number;
  title: string;
  exams: Array<{ _id: string | null; exam: E }>;
  lectures: LectureGroup<L>[];
}

/** "Day N": the title of a day the first time it appears. */
export function dayTitle(dayIndex: number): string {
  return `Day ${dayIndex}`;
}

/**
 * Builds the days: a day is made the first time any lecture or exam lists it, days ascend by
 * number, a lecture's topic label is its subject's title, and on each day lectures are grouped
 * by their topic metadata (or, when that is blank or missing, the subject's title), groups in
 * the order they first appear.
 */
export function buildDaySchedule<L extends ScheduleLectureInput, E>(
  subjects: readonly ScheduleSubjectInput<L>[],
  exams: readonly ScheduleExamInput<E>[],
): ScheduleDay<L, E>[] {
  const days = new Map<number, ScheduleDay<L, E>>();
  const dayOf = (dayIndex: number) => {
    let day = days.get(dayIndex);
    if (!day) {
      day = { dayIndex, title: dayTitle(dayIndex), exams: [], lectures: [] };
      days.set(dayIndex, day);
    }
    return day;
  };

  for (const subject of subjects) {
    for (const lecture of subject.lectures) {
      const dayNumbers = subject.lectureDaySchedulePlan[lecture._id] ?? [];
      const topicMeta = subject.lectureTopicMetadata[lecture._id];
      const groupTitle = typeof topicMeta === 'string' && topicMeta.trim() !== '' ? topicMeta : subject.title;
      for (const dayIndex of new Set(dayNumbers)) {
        const day = dayOf(dayIndex);
        let group = day.lectures.find((candidate) => candidate.groupTitle === groupTitle);
        if (!group) {
          group = { groupTitle, lecture: [] };
          day.lectures.push(group);
        }
        group.lecture.push({ ...lecture, topic: subject.title });
      }
    }
  }

  for (const entry of exams) {
    for (const dayIndex of new Set(entry.dayTags)) {
      dayOf(dayIndex).exams.push({ _id: typeof entry.exam === 'string' ? entry.exam : null, exam: entry.details });
    }
  }

  return [...days.values()].sort((a, b) => a.dayIndex - b.dayIndex);
}
