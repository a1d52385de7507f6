import { z } from '../validation/zod.ts';
import { pageFields, pageNumberSchema, pageSizeSchema, PAGE_NUMBER_MESSAGE } from '../validation/paging.ts';
import { UUID_PATTERN } from '../validation/fields.ts';
import { sortSchema } from '../validation/sorting.ts';
import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES } from './audit.constants.ts';
import type { AuditValue } from './audit-changes.rules.ts';

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** A filtered list counts its matches up to this many; past it the screen says "10,000+". */
export const AUDIT_COUNT_LIMIT = 10_000;

/** The log sorts by when (`at`): newest first unless told, oldest first with `sort=at`. */
export const AUDIT_SORT_COLUMNS = ['at'] as const;
export type AuditSortColumn = (typeof AUDIT_SORT_COLUMNS)[number];
export const AUDIT_USUAL_SORT = '-at' as const;

export const AUDIT_MESSAGES = {
  actorId: 'actorId is the id of a staff account',
  resourceType: `resourceType is one of ${AUDIT_RESOURCE_TYPES.join(', ')}`,
  action: `action is one of ${AUDIT_ACTIONS.join(', ')}`,
  resourceId: 'resourceId is the id of a record, at most 100 characters',
  day: (field: string) => `${field} is a day as YYYY-MM-DD`,
  range: 'to is a day on or after from',
} as const;

/** A day as YYYY-MM-DD that the calendar has. */
const daySchema = (field: string) =>
  z
    .string({ error: AUDIT_MESSAGES.day(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AUDIT_MESSAGES.day(field) })
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), {
      error: AUDIT_MESSAGES.day(field),
    });

const resourceIdSchema = z
  .string({ error: AUDIT_MESSAGES.resourceId })
  .trim()
  .min(1, { error: AUDIT_MESSAGES.resourceId })
  .max(100, { error: AUDIT_MESSAGES.resourceId });

const auditFilterFields = {
  actorId: z.string({ error: AUDIT_MESSAGES.actorId }).regex(UUID_PATTERN, { error: AUDIT_MESSAGES.actorId }).optional(),
  resourceType: z.enum(AUDIT_RESOURCE_TYPES, { error: AUDIT_MESSAGES.resourceType }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.action }).optional(),
  resourceId: resourceIdSchema.optional(),
  from: daySchema('from').optional(),
  to: daySchema('to').optional(),
  sort: sortSchema(AUDIT_SORT_COLUMNS, AUDIT_USUAL_SORT),
};
const inOrder = (filter: { from?: string | undefined; to?: string | undefined }) => !filter.from || !filter.to || filter.from <= filter.to;

/** The Audit screen's filters (and its export's): each left out matches every entry. Days are India days, both ends included. */
export const auditFilterSchema = z.object(auditFilterFields).refine(inOrder, { error: AUDIT_MESSAGES.range, path: ['to'] });
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** GET /api/admin/audit: a page of the log, newest first. */
export const auditListQuerySchema = z
  .object({ page: pageNumberSchema(PAGE_NUMBER_MESSAGE), pageSize: pageSizeSchema(AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE), ...auditFilterFields })
  .refine(inOrder, { error: AUDIT_MESSAGES.range, path: ['to'] });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** GET /api/admin/audit/history: a page of one record's entries, newest first. */
export const auditHistoryQuerySchema = z.object({
  resourceType: z.enum(AUDIT_RESOURCE_TYPES, { error: AUDIT_MESSAGES.resourceType }),
  resourceId: resourceIdSchema,
  page: pageNumberSchema(PAGE_NUMBER_MESSAGE),
  pageSize: pageSizeSchema(AUDIT_MAX_PAGE_SIZE, 20),
});
export type AuditHistoryQuery = z.input<typeof auditHistoryQuerySchema>;

/** A JSON value (never undefined, so both ends of a change are always there). */
const auditValueSchema = z
  .custom<AuditValue>((value) => value !== undefined)
  .describe('The value as the record showed it (text, number, yes/no, list or object; null when empty)');

export const fieldChangeSchema = z.union([
  z.object({ from: auditValueSchema, to: auditValueSchema }),
  z.object({ hidden: z.literal(true).describe('A secret: only that it changed is kept') }),
]);

/** One entry of the log as the console shows it. */
export const auditEntrySchema = z.object({
  seq: z.number().describe('The place of the entry in the chain, from 1'),
  at: z.string().describe('When the change committed (ISO 8601, UTC)'),
  actor: z.object({
    id: z.string().nullable().describe('The staff account (null: the product itself)'),
    name: z.string().describe('The name as it was at the time'),
    roles: z.array(z.string()).describe('The roles held at the time'),
  }),
  action: z.enum(AUDIT_ACTIONS),
  resourceType: z.enum(AUDIT_RESOURCE_TYPES),
  resourceId: z.string().nullable(),
  resourceTitle: z.string().nullable(),
  changes: z.record(z.string(), fieldChangeSchema).describe('The fields changed, by name, old and new values'),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().describe(`How many entries match; a filtered list counts up to ${AUDIT_COUNT_LIMIT} (see totalIsAtLeast)`),
  totalIsAtLeast: z.boolean().describe('True when more entries match than were counted'),
  ...pageFields,
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A staff account the Audit screen filters by. */
export const auditPersonSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) });
export const auditPeopleSchema = z.object({ people: z.array(auditPersonSchema) });
