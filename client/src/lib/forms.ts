import type { z } from 'zod';
import { formMessage } from '../../../shared/validation/messages.ts';

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * Checks form values with a shared zod schema, so the console shows exactly the
 * messages the server would answer. The first message of each field wins.
 */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[field] ??= formMessage(issue.message);
  }
  return { ok: false, errors };
}
