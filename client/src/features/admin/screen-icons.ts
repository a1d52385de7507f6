import type { LucideIcon } from 'lucide-react';
import {
  Award,
  Bell,
  BookOpen,
  ClipboardList,
  CreditCard,
  FileSpreadsheet,
  FileText,
  GraduationCap,
  Landmark,
  Link2,
  ListChecks,
  ListVideo,
  MessagesSquare,
  Newspaper,
  ShoppingCart,
  TicketPercent,
  Users,
  Video,
} from 'lucide-react';
import type { ScreenKey } from '../../../../shared/auth/roles.ts';

/** The side bar's icon for each console screen. */
export const SCREEN_ICONS: Record<ScreenKey, LucideIcon> = {
  notifications: Bell,
  subscriptions: CreditCard,
  videos: Video,
  discussions: MessagesSquare,
  customLectures: ListVideo,
  exams: ClipboardList,
  courses: BookOpen,
  rankFiles: FileSpreadsheet,
  currentAffairs: Newspaper,
  lakshyaStudents: GraduationCap,
  users: Users,
  orders: ShoppingCart,
  gstReport: Landmark,
  winners: Award,
  coupons: TicketPercent,
  meetingLinks: Link2,
  pendingPdf: FileText,
  processQueue: ListChecks,
};
