import { z } from 'zod';
import { ERROR_TYPES } from './errors.ts';

export const errorBodySchema = z
  .object({
    message: z.string(),
    type: z.enum(ERROR_TYPES).optional(),
    warnings: z.array(z.string()).optional(),
  })
  .meta({ id: 'Error', description: 'Every failure answers this body with a fitting HTTP status.' });
