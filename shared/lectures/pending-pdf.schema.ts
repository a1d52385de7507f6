import { z } from '../validation/zod.ts';
import { titledRefSchema } from '../editing/record-fields.ts';

/** Why a note counts as missing. */
export const MISSING_NOTE_REASONS = {
  'no-file': 'The file record is gone (deleted, or its upload never finished)',
  'file-gone': 'The file is missing from storage',
} as const;
export type MissingNoteReason = keyof typeof MISSING_NOTE_REASONS;

export const missingPdfSchema = z.object({
  pdfFileId: z.string(),
  fileName: z.string(),
  reason: z.enum(['no-file', 'file-gone']),
  detectedAt: z.string(),
});

/** A row of GET /api/admin/pending-pdf: a lecture with notes missing that nobody has marked resolved. */
export const pendingPdfLectureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  missingPdfs: z.array(missingPdfSchema),
  courses: z.array(titledRefSchema),
});
export type PendingPdfLecture = z.infer<typeof pendingPdfLectureSchema>;

export const markSolvedSchema = z.object({ resolved: z.number() });
