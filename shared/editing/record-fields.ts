import { z } from '../validation/zod.ts';

/**
 * Fields that many answers share: the id-and-title reference to a record, and what the publishable
 * items (courses, lectures, exams, rank files, posts…) have in common. Each schema composes the ones
 * it has where its own fields stand, so that the answers keep their order of keys.
 */

/** Another record as an answer names it: its id and title. */
export const titledRefSchema = z.object({ _id: z.string(), title: z.string() });

/** Whether students see the item: published (visible, with nothing missing), and visible as staff set it. */
export const publishStateFields = { isPublished: z.boolean(), isVisible: z.boolean() };

/** A list's Status column: "Published" or "Unpublished". */
export function publishedStatusText(isPublished: boolean): string {
  return isPublished ? 'Published' : 'Unpublished';
}

/** An item as its list shows it: its id and title, and whether students see it. */
export const publishableItemSchema = titledRefSchema.extend(publishStateFields);

/** An item as its editor opens it: also what keeps it unpublished (empty once it is published). */
export const publishableDetailSchema = publishableItemSchema.extend({ publishWarnings: z.array(z.string()) });

/** When the item was made and last saved, and the version its editor sends back with a save, so that a save made from an older copy is refused. */
export const savedRecordFields = { createdAt: z.string(), updatedAt: z.string(), version: z.number() };

/** What a save answers: whether the item is published now and, when it is not, why. */
export const publishResultFields = { isPublished: z.boolean(), publishWarnings: z.array(z.string()) };

/** What an editor's save answers at the least: the publish result and the version now stored. */
export const savedItemSchema = z.object({ ...publishResultFields, version: z.number() });

/** The banner image, with its size (the field's spelling is the apps' own). */
export const bannerImageFields = { bannerImageId: z.string().nullable(), bannerImageFizeSizeInBytes: z.number().nullable() };

/** The rate card an item is sold under, as its editor and the apps name it. */
export const rateCardRefSchema = titledRefSchema.extend({ netAmount: z.number() });
