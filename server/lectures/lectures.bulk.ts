import { titleFilterSchema, titleMatches } from '../../shared/bulk/bulk.schema.ts';
import type { Lecture } from '../../shared/lectures/lectures.schema.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { visibilitySteps } from '../bulk/visibility-steps.ts';
import { lectureTitles, listLectureRows } from './lectures.repository.ts';
import { deleteLecture, getLecture, saveLecture } from './lectures.service.ts';

/** The lecture's editor fields, as the editor sends them back, with only the switch changed. */
function valueOf(lecture: Lecture, isVisible: boolean) {
  return {
    title: lecture.title,
    isVisible,
    masterSubscription: lecture.masterSubscription,
    lecturerId: lecture.lecturerId,
    lecturerName: lecture.lecturerName,
    bannerImageId: lecture.bannerImageId,
    youtubeLink: lecture.youtubeLink,
    enableYoutubePlayer: lecture.enableYoutubePlayer,
    videoResourceId: lecture.videoResourceId,
    notes: lecture.notes,
  };
}

/** Bulk publish, unpublish and delete on the Lecture Video Manager (filtered by title). */
export const lecturesBulk: BulkResource<typeof titleFilterSchema> = {
  noun: 'lectures',
  filter: titleFilterSchema,
  findRows: (ctx, ids) => lectureTitles(ctx.db, ids),
  async listMatching(ctx, filter) {
    return (await listLectureRows(ctx.db)).filter((row) => titleMatches(row.title, filter)).map((row) => ({ id: row.id, title: row.title }));
  },
  actions: {
    ...visibilitySteps({
      read: (ctx, id) => getLecture(ctx, { id }),
      save: (ctx, id, lecture, isVisible) => saveLecture(ctx, { id, value: valueOf(lecture, isVisible), version: lecture.version }),
      offline: 'The lecture stays offline',
    }),
    delete: (ctx, row) => deleteLecture(ctx, { id: row.id }).then(() => undefined),
  },
};
