import type { Lecture, LectureNote, LectureValue } from '../../../../shared/lectures/lectures.schema.ts';

/** What the lecture editor edits; the rest of a lecture (publish state, sizes) comes from the server. */
export interface LectureDraft {
  title: string;
  isVisible: boolean;
  /** The rate card students buy the lecture under. */
  masterSubscription: string | null;
  lecturerId: string | null;
  lecturerName: string;
  bannerImageId: string | null;
  /** As typed; the YouTube video id only. */
  youtubeLink: string;
  enableYoutubePlayer: boolean;
  videoResourceId: string | null;
  notes: LectureNote[];
  /** The exams offered with the lecture, in order. */
  exams: Lecture['exams'];
}

export function toDraft(lecture: Lecture): LectureDraft {
  return {
    title: lecture.title,
    isVisible: lecture.isVisible,
    masterSubscription: lecture.masterSubscription,
    lecturerId: lecture.lecturerId,
    lecturerName: lecture.lecturerName,
    bannerImageId: lecture.bannerImageId,
    youtubeLink: lecture.youtubeLink ?? '',
    enableYoutubePlayer: lecture.enableYoutubePlayer,
    videoResourceId: lecture.videoResourceId,
    notes: lecture.notes,
    exams: lecture.exams,
  };
}

/** The body of PUT /api/admin/lecture/{id} (lectures.save): `{ value }`. */
export function toLectureValue(draft: LectureDraft): LectureValue {
  return {
    title: draft.title,
    isVisible: draft.isVisible,
    masterSubscription: draft.masterSubscription,
    lecturerId: draft.lecturerId,
    lecturerName: draft.lecturerName,
    bannerImageId: draft.bannerImageId,
    youtubeLink: draft.youtubeLink,
    enableYoutubePlayer: draft.enableYoutubePlayer,
    videoResourceId: draft.videoResourceId,
    notes: draft.notes,
    exams: draft.exams.map((exam) => exam._id),
  };
}

/** What the editor's cards (video, notes) may do with the draft the editor holds. */
export interface LectureEditorApi {
  /** The draft as it is now (also inside callbacks that outlive a render). */
  current: () => LectureDraft;
  change: (patch: Partial<LectureDraft>) => void;
  /** Saves `next` (and shows it); rejects on failure, leaving the draft as it was typed. */
  saveDraft: (next: LectureDraft) => Promise<void>;
  showSaveFailure: (error: unknown) => void;
}
