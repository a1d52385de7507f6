/**
 * The one role table of the product. It drives the console's side bar and the
 * server's access checks, so a role that cannot see a screen cannot call it.
 */
export const RESTRICTED_ROLES = ['staff', 'marketing', 'manager'] as const;
export const CONSOLE_ROLES = ['admin', ...RESTRICTED_ROLES] as const;

/**
 * A lecturer's account: chosen as the lecturer of lectures. It opens no console screen by itself
 * (an educator who also works in the console holds a console role as well).
 */
export const EDUCATOR_ROLE = 'educator';
/** Every role an account may hold besides being a student. */
export const GRANTABLE_ROLES = [...CONSOLE_ROLES, EDUCATOR_ROLE] as const;

export type RestrictedRole = (typeof RESTRICTED_ROLES)[number];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** What a role is called on screen. */
export const ROLE_LABELS: Record<ConsoleRole, string> = {
  admin: 'Administrator',
  staff: 'Staff',
  marketing: 'Marketing',
  manager: 'Manager',
};

/** Every role an administrator gives or takes in Users, as the screen names it. */
export const GRANTABLE_ROLE_LABELS: Record<GrantableRole, string> = { ...ROLE_LABELS, educator: 'Educator' };

export const SCREENS = {
  /** The home page: every console role; what each sees on it is decided per figure (`canSeeSales`). */
  dashboard: { label: 'Home', path: '/admin/dashboard', hiddenFrom: [] },
  notifications: { label: 'Notifications', path: '/admin/notifications', hiddenFrom: ['manager'] },
  subscriptions: { label: 'Subscriptions', path: '/admin/subscriptions', hiddenFrom: ['staff', 'marketing'] },
  videos: { label: 'Lecture Videos', path: '/admin/videos', hiddenFrom: [] },
  /** The students' comments under every lecture: for whoever may open the lectures. */
  discussions: { label: 'Discussions', path: '/admin/discussions', hiddenFrom: [] },
  customLectures: {
    label: 'Custom Lecture Collection',
    path: '/admin/custom-lectures',
    hiddenFrom: ['staff', 'marketing'],
  },
  exams: { label: 'Exams', path: '/admin/exams', hiddenFrom: [] },
  courses: { label: 'Courses', path: '/admin/courses', hiddenFrom: ['staff'] },
  rankFiles: { label: 'Rank Files', path: '/admin/rank-files', hiddenFrom: [] },
  currentAffairs: { label: 'Current Affairs', path: '/admin/current-affairs', hiddenFrom: ['marketing'] },
  lakshyaStudents: {
    label: 'Lakshya Students',
    path: '/admin/lakshya/students',
    hiddenFrom: ['staff', 'marketing', 'manager'],
  },
  users: { label: 'Users', path: '/admin/users', hiddenFrom: ['staff', 'manager'] },
  orders: { label: 'Orders', path: '/admin/orders', hiddenFrom: ['staff', 'manager'] },
  /** What the business files for GST: administrators only. */
  gstReport: { label: 'GST Report', path: '/admin/reports/gst', hiddenFrom: ['staff', 'marketing', 'manager'] },
  winners: { label: 'Winners', path: '/admin/winners', hiddenFrom: ['staff', 'marketing', 'manager'] },
  coupons: { label: 'Coupons', path: '/admin/coupons', hiddenFrom: ['staff', 'manager'] },
  meetingLinks: {
    label: 'Meeting Links',
    path: '/admin/meeting-links',
    hiddenFrom: ['staff', 'marketing', 'manager'],
  },
  pendingPdf: { label: 'Pending PDF', path: '/admin/pending-pdf', hiddenFrom: ['staff', 'marketing'] },
  processQueue: { label: 'Process Queue', path: '/admin/process/queue', hiddenFrom: ['marketing'] },
  /** Who changed what, for the whole product: administrators only (an editor's History panel follows its own screen). */
  audit: { label: 'Audit Log', path: '/admin/audit', hiddenFrom: ['staff', 'marketing', 'manager'] },
} as const satisfies Record<string, { label: string; path: string; hiddenFrom: readonly RestrictedRole[] }>;

export type ScreenKey = keyof typeof SCREENS;

/** Side-bar order: the home page first, then as the specification lists the links; Discussions (the lectures' inbox) follows Lecture Videos. */
export const SIDE_BAR_ORDER: readonly ScreenKey[] = [
  'dashboard',
  'notifications',
  'subscriptions',
  'videos',
  'discussions',
  'customLectures',
  'exams',
  'courses',
  'rankFiles',
  'currentAffairs',
  'lakshyaStudents',
  'users',
  'orders',
  'gstReport',
  'winners',
  'coupons',
  'meetingLinks',
  'pendingPdf',
  'processQueue',
  'audit',
];

function isConsoleRole(role: string): role is ConsoleRole {
  return (CONSOLE_ROLES as readonly string[]).includes(role);
}

/** Console access needs at least one of admin, staff, marketing or manager. */
export function hasConsoleAccess(roles: readonly string[]): boolean {
  return roles.some(isConsoleRole);
}

/** The labels of the console roles a user holds, in the role table's order. */
export function consoleRoleLabels(roles: readonly string[]): string[] {
  return CONSOLE_ROLES.filter((role) => roles.includes(role)).map((role) => ROLE_LABELS[role]);
}

export function isAdministrator(roles: readonly string[]): boolean {
  return roles.includes('admin');
}

/**
 * admin sees everything. A restricted user sees a screen when at least one of
 * their console roles is not in the screen's hidden-from list, so a user holding
 * two restricted roles sees the union of what each role sees.
 */
export function canSeeScreen(roles: readonly string[], screen: ScreenKey): boolean {
  if (isAdministrator(roles)) return true;
  const hiddenFrom: readonly string[] = SCREENS[screen].hiddenFrom;
  return roles.filter(isConsoleRole).some((role) => !hiddenFrom.includes(role));
}

export function visibleScreens(roles: readonly string[]): ScreenKey[] {
  return SIDE_BAR_ORDER.filter((screen) => canSeeScreen(roles, screen));
}

/** The side-bar link whose path is a prefix of the current path is the selected one (Home at /admin). */
export function selectedScreen(pathname: string): ScreenKey | undefined {
  // /admin on its own is the home page too.
  if (pathname === '/admin' || pathname === '/admin/') return 'dashboard';
  return SIDE_BAR_ORDER.find((screen) => {
    const path = SCREENS[screen].path;
    return pathname === path || pathname.startsWith(`${path}/`);
  });
}

/** Where a signed-in user lands when visiting an /auth page. */
export function homePathFor(roles: readonly string[]): string {
  return hasConsoleAccess(roles) ? SCREENS.dashboard.path : '/account';
}

/**
 * In the queue manager, staff may refresh, start and stop, but not pull files into the
 * queue or remove items: those belong to administrators and managers.
 */
export function canManageQueue(roles: readonly string[]): boolean {
  return canSeeScreen(roles, 'processQueue') && (isAdministrator(roles) || roles.includes('manager'));
}

/** Moving a waiting item up the processing queue: administrators only. */
export function canRaiseQueuePriority(roles: readonly string[]): boolean {
  return canSeeScreen(roles, 'processQueue') && isAdministrator(roles);
}

/**
 * Marketing reads the course list (titles as plain text, for campaigns) but does not open or
 * change courses: that is for administrators and managers.
 */
export function canEditCourses(roles: readonly string[]): boolean {
  return canSeeScreen(roles, 'courses') && (isAdministrator(roles) || roles.includes('manager'));
}

/**
 * Inviting staff, giving and taking roles, disabling accounts and reading what a student holds:
 * administrators only (marketing sees the Users list, not this).
 */
export function canManageAccounts(roles: readonly string[]): boolean {
  return isAdministrator(roles);
}

/**
 * Sales and student figures (the home page's cards and chart): for the roles that open Orders. The
 * server leaves them out of the answer for everyone else.
 */
export function canSeeSales(roles: readonly string[]): boolean {
  return canSeeScreen(roles, 'orders');
}

/** Actions within a screen that only some of its roles may take; routes name them. */
export const ABILITIES = {
  manageQueue: canManageQueue,
  raiseQueuePriority: canRaiseQueuePriority,
  editCourses: canEditCourses,
  manageAccounts: canManageAccounts,
} as const satisfies Record<string, (roles: readonly string[]) => boolean>;
export type Ability = keyof typeof ABILITIES;
