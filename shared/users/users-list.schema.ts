import { z } from '../validation/zod.ts';
import { sortSchema } from '../validation/sorting.ts';

export const USERS_PAGE_SIZE = 100;

/** A row of the console's All users table. */
export const userListEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  emailAddress: z.string().nullable(),
  isLakshyaStudent: z.boolean(),
  gameNickname: z.string().nullable(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  /** active; invited (has not set a password from the invitation yet); disabled (cannot sign in). */
  status: z.enum(['active', 'invited', 'disabled']),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;

/** The columns the accounts list sorts by (`createdAt`: when the account was made). */
export const USER_SORT_COLUMNS = ['name', 'phoneNumber', 'emailAddress', 'createdAt'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export const USERS_USUAL_SORT = '-createdAt';

export const usersQuerySchema = z.object({
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(USERS_PAGE_SIZE).default(USERS_PAGE_SIZE),
  /** Words found in the name, phone number, e-mail address or game nickname. */
  search: z.string().trim().max(200).optional(),
  lakshya: z.enum(['yes', 'no'], { error: 'lakshya is yes or no' }).optional(),
  role: z
    .enum(['student', 'admin', 'staff', 'marketing', 'manager', 'educator'], { error: 'role is student, admin, staff, marketing, manager or educator' })
    .optional(),
  sort: sortSchema(USER_SORT_COLUMNS, USERS_USUAL_SORT),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/** The filters of an accounts export: the list's, without paging (an export holds every page). */
export const usersExportQuerySchema = usersQuerySchema.omit({ page: true, pageSize: true });
export const usersPageSchema = z.object({ users: z.array(userListEntrySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type UsersPage = z.infer<typeof usersPageSchema>;
