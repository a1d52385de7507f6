import { z } from '../validation/zod.ts';
import { ERROR_TYPES } from './errors.ts';

export const staleCopySchema = z.object({
  version: z.number().describe('The version now stored: reload, or save again with this version to overwrite it'),
  updatedAt: z.string().describe('When it was last saved (ISO 8601)'),
  updatedBy: z.string().nullable().describe('Who saved it last'),
});

export const errorBodySchema = z
  .object({
    message: z.string(),
    type: z.enum(ERROR_TYPES).optional(),
    warnings: z.array(z.string()).optional().describe('For a has-warnings refusal (409): what stands in the way'),
    field: z.string().optional().describe('For a validation error: the field that is wrong, e.g. value.title'),
    issues: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Every field that is wrong'),
    stale: staleCopySchema.optional().describe('A save made from an older copy (409): what is stored now and who saved it'),
    regrade: z
      .object({ attempts: z.number().int().describe('The submitted attempts it would re-mark') })
      .optional()
      .describe('A save that changes how submitted attempts are marked (409): check it with a regrade dry run and apply it as a regrade'),
  })
  .meta({ id: 'Error', description: 'Every failure answers this body with a fitting HTTP status.' });
