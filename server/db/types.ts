import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Rendition } from '../../shared/media/media.types.ts';
import type { QuestionGroup } from '../../shared/exams/exams.schema.ts';
import type { ExamPaper, AttemptLayout } from '../../shared/exams/attempts.schema.ts';
import type { StoredQuestionKeys } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { RegradeChange, RegradeSummary } from '../../shared/exams/regrade.schema.ts';
import type { CourseFile, StudyPlanNote } from '../../shared/courses/courses.schema.ts';
import type { ASSET_KINDS, accessModeSchema, PROCESS_STATES, QUEUE_STATES } from '../../shared/assets/assets.schema.ts';
import type { FREE_MODES, SUBSCRIPTION_MODES } from '../../shared/subscriptions/subscription.constants.ts';
import type { DISCOUNT_TYPES } from '../../shared/commerce/coupons.schema.ts';
import type { COUPON_TARGET_TYPES } from '../../shared/commerce/coupon-use.rules.ts';
import type { ORDER_STATUSES, RESOURCE_TYPES } from '../../shared/commerce/checkout.schema.ts';
import type { ORDER_MODES } from '../../shared/commerce/orders.schema.ts';
import type { DOCUMENT_KINDS } from '../../shared/commerce/invoices.schema.ts';
import type { TARGET_TYPES } from '../../shared/push/push.schema.ts';
import type { EXAM_TYPES, TEMPLATE_IDS } from '../../shared/exams/exam.constants.ts';
import type { AuditChanges } from '../../shared/audit/audit-changes.rules.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<string>;
  name: Generated<string>;
  email_address: string | null;
  phone_number: string | null;
  password_hash: string | null;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  google_subject: string | null;
  session_version: Generated<number>;
  disabled_at: NullableTimestamp;
  game_nickname: string | null;
  /** When the student proved the phone number is theirs (a code sent to it); null: not verified. */
  phone_verified_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  /** The last 10 digits of phone_number, computed by the database ('' without one). */
  mobile: ColumnType<string, never, never>;
  /** Counts changes of the account's roles and disabled state: an administrator's change names the one it saw. */
  access_version: Generated<number>;
}

/** An invitation to set a password: only the token's hash is kept; good once, until expires_at. */
export interface AccountInvitesTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  invited_by: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

export interface UserSessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip_address: string | null;
  /** SHA-256 of a bearer token; null for a cookie session. */
  token_hash: Buffer | null;
  /** The account's session version when the session began (a cookie also carries it). */
  session_version: number | null;
  /** A bearer session's last request, moved at most once per idle-clock step; null for a cookie session. */
  last_seen_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  /** How many times hit_times holds. */
  hits: number;
  /** When the latest counted hits were made, oldest first: at most the limit's maximum. */
  hit_times: ColumnType<Date[], Date[] | undefined, Date[]>;
  /** When the newest hit turns as old as the window: the row counts nothing after it. */
  reset_at: Timestamp;
}

export interface RecoveryTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  code_hash: string;
  channel: 'email' | 'phone';
  /** The client address the code was asked for from; null for codes from before it was kept. */
  requested_from: string | null;
  wrong_attempts: Generated<number>;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export type MessageChannel = 'email' | 'sms';
export type MessageStatus = 'pending' | 'sent' | 'outbox' | 'failed';

export interface OutboundMessagesTable {
  id: Generated<string>;
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string | null;
  purpose: string;
  status: Generated<MessageStatus>;
  transport: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: NullableTimestamp;
}

// The unions of values a CHECK constraint allows come from the lists the rest of the product uses
// (tests/integration/db/schema-types.test.ts compares those lists with the constraints).
export type AssetKind = (typeof ASSET_KINDS)[number];
export type AccessMode = (typeof accessModeSchema.options)[number];
export type ProcessState = (typeof PROCESS_STATES)[number];
export type QueueItemState = Exclude<ProcessState, 'uploaded'> | 'queued';
/** Progress per processing state: `{ downloading: { total, loaded }, ... }`. */
export type ProcessProgress = Partial<Record<string, { total: number; loaded: number }>>;

type Json<T> = ColumnType<T, T | string | undefined, T | string>;

export interface AssetsTable {
  id: Generated<string>;
  file_name: string;
  content_type: string;
  kind: AssetKind;
  access_mode: AccessMode;
  size_in_bytes: number;
  sha256: string;
  storage_key: string;
  state: Generated<ProcessState>;
  process_progress: Json<ProcessProgress>;
  renditions: Json<Rendition[]>;
  output_prefix: string | null;
  poster_key: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  has_converted_to_image: Generated<boolean>;
  page_count: number | null;
  failure_reason: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  state_updated_at: Timestamp;
}

/** A video's segment key, sealed (server/assets/video-keys.ts). */
export interface VideoKeysTable {
  asset_id: string;
  sealed_key: Buffer;
  encrypted_prefix: string | null;
  created_at: Generated<Date>;
}

export interface QueueItemsTable {
  id: Generated<string>;
  asset_id: string;
  title: string;
  type: 'video' | 'pdf';
  state: Generated<QueueItemState>;
  process_progress: Json<ProcessProgress>;
  priority: Generated<number>;
  attempts: Generated<number>;
  failure_reason: string | null;
  last_state_updated_on: Timestamp;
  /** When the item last became ready; null while it is not. */
  finished_at: Date | null;
  created_at: Generated<Date>;
}

export interface QueueSettingsTable {
  id: number;
  state: (typeof QUEUE_STATES)[number];
  updated_at: Timestamp;
}

export interface WorkerHeartbeatsTable {
  worker_id: string;
  hostname: string;
  pid: number;
  last_seen_at: Timestamp;
}

export interface LectureNote {
  resId: string;
  lectureResId: string;
  pdfFileId: string;
  fileName: string;
  fileSizeInBytes: number;
}

/** The columns of a row staff save whole from an editor; `version` keeps a save from overwriting a newer one. */
interface EditedColumns {
  created_at: Generated<Date>;
  updated_at: Timestamp;
  /** Grows by one with every save from an editor. */
  version: Generated<number>;
  updated_by: string | null;
}

/** The columns that say whether students see a row. */
interface PublishColumns {
  is_visible: Generated<boolean>;
  /** Visible with no warnings. */
  is_published: Generated<boolean>;
  publish_warnings: TextArray;
}

export interface LecturesTable extends PublishColumns, EditedColumns {
  id: Generated<string>;
  res_id: Generated<string>;
  title: string;
  master_subscription_id: string | null;
  lecturer_id: string | null;
  lecturer_name: Generated<string>;
  banner_image_id: string | null;
  youtube_link: string | null;
  enable_youtube_player: Generated<boolean>;
  video_resource_id: string | null;
  video_file_name: string | null;
  video_file_size_in_bytes: number | null;
  video_duration_in_minutes: number | null;
  notes: Json<LectureNote[]>;
  created_by: string | null;
}

type Num = ColumnType<number, number | undefined, number>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface SubscriptionsTable extends EditedColumns {
  id: Generated<string>;
  title: string;
  subscription_term: Generated<string>;
  gross_amount: Num;
  gst_rate: Num;
  gst_amount: Num;
  net_amount: Num;
  is_free: Generated<boolean>;
  free_mode: Generated<(typeof FREE_MODES)[number]>;
  compare_at_price: number | null;
  discount_rate_promo_label: Generated<string>;
  mode: Generated<(typeof SUBSCRIPTION_MODES)[number]>;
  resource_tags: TextArray;
}

export interface CoursesTable extends PublishColumns, EditedColumns {
  id: Generated<string>;
  title: string;
  category: string | null;
  tags: TextArray;
  course_rate_card_id: string | null;
  is_expired_course: Generated<boolean>;
  is_best_selling: Generated<boolean>;
  description: Generated<string>;
  sort_index: Generated<number>;
  cms_tags: TextArray;
  banner_image_id: string | null;
  preview_video_id: string | null;
  day_planner_pdf_id: string | null;
  enable_day_schedule: Generated<boolean>;
  day_schedule_note: Generated<string>;
  previous_questions: Json<CourseFile[]>;
  syllabus: Json<CourseFile[]>;
  study_plan_notes: Json<StudyPlanNote[]>;
  created_by: string | null;
}

export interface CourseSubjectsTable {
  id: Generated<string>;
  course_id: string;
  /** One-based order within the course. */
  position: number;
  title: string;
  is_active: Generated<boolean>;
  banner_image_id: string | null;
}

export interface SubjectLecturesTable {
  subject_id: string;
  lecture_id: string;
  position: number;
  /** The days of the course's plan the lecture is on. */
  days: Generated<number[]>;
  /** The group it is listed under on a day; the subject's title when blank. */
  topic: Generated<string>;
}

export interface CourseExamsTable {
  course_id: string;
  exam_id: string;
  position: number;
  days: Generated<number[]>;
}

export interface LectureExamsTable {
  lecture_id: string;
  exam_id: string;
  /** One-based order within the lecture. */
  position: number;
}

/** The one custom lecture collection (its key is always true). */
export interface LectureCollectionTable {
  id: Generated<boolean>;
  title: string;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface LectureCollectionItemsTable {
  lecture_id: string;
  /** One-based order within the collection. */
  position: number;
  added_at: Generated<Date>;
}

export type MissingNoteReason = 'no-file' | 'file-gone';

/** A lecture's PDF note whose file is missing, found by the hourly check. */
export interface LectureMissingNotesTable {
  lecture_id: string;
  pdf_file_id: string;
  file_name: string;
  reason: MissingNoteReason;
  detected_at: Generated<Date>;
  resolved_at: Date | null;
  resolved_by: string | null;
}

export interface CouponsTable {
  id: Generated<string>;
  code: string;
  discount_type: Generated<(typeof DISCOUNT_TYPES)[number]>;
  /** The typed value × 100: hundredths of a percent for a rate, paise for an amount. */
  value_hundredths: Generated<number>;
  /** Null: no minimum. */
  min_order_paise: number | null;
  is_active: Generated<boolean>;
  impressions: Generated<number>;
  redemptions: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  created_by: string | null;
  updated_by: string | null;
  version: Generated<number>;
  /** Orders that may use it in all (open and paid ones count); null: no limit. */
  usage_limit: number | null;
  /** Orders one student may use it for; null: no limit. */
  per_student_limit: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  /** Orders holding it now (open or paid). */
  uses: Generated<number>;
}

export interface CouponScopesTable {
  coupon_id: string;
  target_type: (typeof COUPON_TARGET_TYPES)[number];
  target_id: string;
}

export interface CouponImpressionsTable {
  coupon_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  subscription_id: string | null;
  title: string;
  subscription_term: string;
  term_days: number;
  resource_type: ResourceType | null;
  resource_id: string | null;
  resource_title: string | null;
  gross_paise: number;
  discount_paise: Generated<number>;
  discount_rate: Generated<number>;
  gst_rate: number;
  gst_paise: number;
  net_paise: number;
  coupon_id: string | null;
  coupon_code: string | null;
  status: Generated<OrderStatus>;
  mode: (typeof ORDER_MODES)[number];
  created_by: Generated<'student' | 'admin'>;
  created_by_user: string | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  entitlement_id: string | null;
  paid_at: Date | null;
  /** The state the buyer gave at checkout (the place of supply); the seller's when none. */
  buyer_state: string | null;
  deleted_at: Date | null;
  deleted_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Paise refunded so far (Razorpay refunds applied). */
  refunded_paise: Generated<number>;
  /** The order counts as one use of its coupon (open or paid); released once when it stops being either. */
  coupon_held: Generated<boolean>;
  /** When the reconciler looks at this open order next. */
  next_check_at: Date | null;
  check_failures: Generated<number>;
  last_check_error: string | null;
  /** Title, resource title, coupon code, Razorpay ids and the customer's name, phone and e-mail, lower-cased: kept by triggers for the console's search. */
  search_text: ColumnType<string, never, never>;
}

export interface RefundsTable {
  id: Generated<string>;
  order_id: string;
  razorpay_payment_id: string;
  /** Null while the refund the product asked for has no answer from Razorpay yet. */
  razorpay_refund_id: string | null;
  amount_paise: number;
  status: 'requested' | 'pending' | 'processed' | 'failed';
  /** `product`: asked for by the product (staff deleting an order, a payment to an order that can no longer be paid); `razorpay`: made elsewhere (the dashboard) and reported. */
  origin: 'product' | 'razorpay';
  reason: string;
  requested_by: string | null;
  error: string | null;
  created_at: Generated<Date>;
  /** When its effect (credit note, access) was applied. */
  applied_at: Date | null;
}

export interface DocumentCountersTable {
  series: string;
  financial_year: string;
  last_number: number;
}

export interface InvoiceParty {
  name: string;
  gstin?: string | null;
  state: string;
  address?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
}

export interface InvoicesTable {
  id: Generated<string>;
  order_id: string;
  kind: (typeof DOCUMENT_KINDS)[number];
  number: string;
  financial_year: string;
  issued_at: Generated<Date>;
  seller: Json<InvoiceParty>;
  buyer: Json<InvoiceParty>;
  description: string;
  gst_rate: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  /** A discount taken off after tax (a coupon above the gross: the tax stays on the gross); 0 otherwise. */
  discount_paise: Generated<number>;
  credits_invoice_id: string | null;
  /** A credit note's invoice, as it was issued: its number and date. */
  credited_invoice_number: string | null;
  credited_invoice_issued_at: Date | null;
  /** Why a credit note was issued (order deleted, refund). */
  reason: string | null;
  /** Razorpay's refund id of the refund a credit note records; unique. */
  refund_id: string | null;
}

export interface LakshyaStudentsTable {
  id: Generated<string>;
  name: string;
  /** 10 digits, an Indian mobile. */
  phone_number: string;
  /** YYYY-MM-DD; null: no end. */
  expiry_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  created_by: string | null;
}

export interface PhoneVerificationsTable {
  id: Generated<string>;
  user_id: string;
  phone_number: string;
  code_hash: string;
  wrong_attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type PushTargetType = (typeof TARGET_TYPES)[number];

export interface PushNotificationsTable {
  id: Generated<string>;
  title: string;
  body: string;
  image_url: string | null;
  click_action: string | null;
  resource_type: string | null;
  resource_id: string | null;
  data: Json<Record<string, string>>;
  target_type: PushTargetType;
  target_phone: string | null;
  group_targets: TextArray;
  /** The course whose students it went to (target type course); null once the course is deleted. */
  target_course_id: string | null;
  targeted: Generated<number>;
  delivered: Generated<number>;
  gone: Generated<number>;
  failed: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export type PushDeliveryStatus = 'pending' | 'delivered' | 'gone' | 'failed';

export interface PushDeliveriesTable {
  notification_id: string;
  subscription_id: string;
  batch: number;
  status: Generated<PushDeliveryStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  updated_at: Generated<Date>;
}

export interface AdminAlertsTable {
  id: Generated<string>;
  message: string;
  resource_type: string | null;
  resource_id: string | null;
  read_at: Date | null;
  created_at: Generated<Date>;
}

export interface CommentsTable {
  id: Generated<string>;
  lecture_id: string;
  /** The student who wrote it; null for a comment staff wrote. */
  user_id: string | null;
  display_name: string;
  is_administrator: Generated<boolean>;
  is_visible: Generated<boolean>;
  is_pinned: Generated<boolean>;
  message: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CommentRepliesTable {
  id: Generated<string>;
  comment_id: string;
  user_id: string | null;
  display_name: string;
  is_administrator: Generated<boolean>;
  message: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PaymentEventsTable {
  event_id: string;
  event_type: string;
  razorpay_order_id: string | null;
  outcome: string;
  received_at: Generated<Date>;
  /** The raw body as received (its signature was checked). */
  body: string | null;
  /** When a job applied it; null while queued. */
  processed_at: Date | null;
}

export interface CourseRankFilesTable {
  course_id: string;
  rank_file_id: string;
  position: number;
}

export interface CourseSubscriptionsTable {
  course_id: string;
  subscription_id: string;
}

export interface RankFilesTable extends PublishColumns, EditedColumns {
  id: Generated<string>;
  title: string;
  master_subscription_id: string | null;
  description: Generated<string>;
  /** Free text, as staff type it ("0" by default). */
  sort_index: Generated<string>;
  banner_image_id: string | null;
  is_rank_published: Generated<boolean>;
  /** The ranking's current version in rank_file_results; 0 before the first sync. */
  rank_version: Generated<number>;
  rank_participants: Generated<number>;
  last_rank_refresh: Date | null;
  created_by: string | null;
}

export interface RankFileGroupsTable {
  id: Generated<string>;
  rank_file_id: string;
  /** One-based order within the rank file. */
  position: number;
  res_id: string;
  title: Generated<string>;
  description: Generated<string>;
  exam_id: string | null;
}

export interface RankFileResultsTable {
  rank_file_id: string;
  rank_version: number;
  user_id: string;
  /** The student's first-attempt scores over the file's exams, summed. */
  total: Num;
  exams_taken: number;
  /** Equal totals share a rank (1, 1, 3). */
  rank: number;
}

export interface ExamsTable extends PublishColumns, EditedColumns {
  id: Generated<string>;
  title: string;
  template_id: (typeof TEMPLATE_IDS)[number];
  exam_type: Generated<(typeof EXAM_TYPES)[number]>;
  publish_at: NullableTimestamp;
  exam_category_key: string | null;
  exam_course_type_key: string | null;
  show_in_recent_exams: Generated<boolean>;
  master_subscription_id: string | null;
  correct_answer_score: Num;
  wrong_answer_score: Num;
  un_answered_score: Num;
  is_sticky: Generated<boolean>;
  max_number_of_attempts: Generated<number>;
  total_marks: Num;
  total_questions: Generated<number>;
  exam_duration_in_minutes: Generated<number>;
  description: Generated<string>;
  instructions: Json<string[]>;
  question_groups: Json<QuestionGroup[]>;
  paper_hash: Generated<string>;
  /** The answer key attempts are marked by (exam-scoring-key.rules.ts). */
  scoring_key: ColumnType<StoredQuestionKeys, string | undefined, string>;
  is_rank_published: Generated<boolean>;
  last_rank_refresh: NullableTimestamp;
  rank_version: Generated<number>;
  rank_cutoff_seq: Generated<number>;
  rank_participants: Generated<number>;
  created_by: string | null;
}

export interface ExamPapersTable {
  id: Generated<string>;
  exam_id: string;
  content_hash: string;
  paper: Json<ExamPaper>;
  created_at: Generated<Date>;
}

export interface EntitlementsTable {
  id: Generated<string>;
  user_id: string;
  subscription_id: string | null;
  resource_type: ResourceType | null;
  resource_id: string | null;
  source: Generated<string>;
  order_id: string | null;
  starts_at: Timestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface ExamAttemptsTable {
  id: Generated<string>;
  exam_id: string;
  user_id: string;
  paper_id: string;
  attempt_number: number;
  status: Generated<'in-progress' | 'submitted'>;
  layout: ColumnType<AttemptLayout | null, string | null | undefined, string | null>;
  started_at: Timestamp;
  deadline_at: Timestamp;
  submitted_at: NullableTimestamp;
  submitted_by: 'student' | 'deadline' | null;
  score: number | null;
  performance: number | null;
  correct_count: number | null;
  wrong_count: number | null;
  unattempted_count: number | null;
  unseen_count: number | null;
  is_first: Generated<boolean>;
  submitted_seq: number | null;
  /** The last regrade that changed this attempt's figures, and its score before it. */
  regrade_id: string | null;
  score_before_regrade: number | null;
}

/** A submitted attempt's answers in its paper's question order: the option chosen (-1 for none), and the time spent. */
export interface AttemptSheetsTable {
  attempt_id: string;
  answers: number[];
  answer_times: number[];
}

export interface ExamRegradesTable {
  id: Generated<string>;
  exam_id: string;
  reason: string;
  changes: ColumnType<RegradeChange[], string, string>;
  summary: ColumnType<RegradeSummary, string, string>;
  applied_by: string | null;
  applied_at: Generated<Date>;
}

/** A student's report that a question's answer key is wrong (one per question per student). */
export interface ExamKeyReportsTable {
  id: Generated<string>;
  exam_id: string;
  question_res_id: string;
  user_id: string;
  reason: string;
  created_at: Generated<Date>;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  resolution_note: string | null;
}

export interface AttemptAnswersTable {
  attempt_id: string;
  question_res_id: string;
  provided_answer_index: number;
  time_elapsed_in_ms: number;
  revision: number;
  updated_at: Timestamp;
}

export interface ExamRankScoresTable {
  exam_id: string;
  rank_version: number;
  score: number;
  students: number;
  rank: number;
}

/** A resumable (tus) upload under way, or finished into asset_id (see resumable-uploads.repository.ts). */
export interface ResumableUploadsTable {
  id: string;
  created_by: string;
  file_name: string;
  kind: AssetKind | null;
  access_mode: AccessMode;
  size_in_bytes: number;
  created_at: Generated<Date>;
  finishing_since: NullableTimestamp;
  asset_id: string | null;
}

/** A storage key an upload is writing and has not recorded yet (see storage-claims.repository.ts). */
export interface StorageClaimsTable {
  storage_key: string;
  claimed_at: Generated<Date>;
}

export interface CurrentAffairsTable extends PublishColumns, EditedColumns {
  id: Generated<string>;
  /** The post's date, YYYY-MM-DD (a date column, read as text). */
  title: ColumnType<string, string, string>;
  master_subscription_id: string | null;
  banner_image_id: string | null;
  pdf_file_id: string | null;
  /** Named by the PDF addresses handed out; grows when the post is unpublished or its PDF changes, which stops the earlier ones. */
  signing_generation: Generated<number>;
  created_by: string | null;
}

export interface MeetingLinksTable {
  id: Generated<string>;
  title: string;
  url: string;
  start_date: Timestamp;
  end_date: Timestamp;
  is_active: Generated<boolean>;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The id of the Add Url form that created it: a second submit of the same form finds this row. */
  create_request_id: string | null;
}

/** The courses a meeting link belongs to: their students see it. */
export interface MeetingLinkCoursesTable {
  meeting_link_id: string;
  course_id: string;
}

export interface WinnerAnnouncementsTable extends PublishColumns, EditedColumns {
  id: Generated<string>;
  user_id: string | null;
  winner_name: Generated<string>;
  is_public: Generated<boolean>;
  claim_message: Generated<string>;
  title_message: Generated<string>;
  exam_title: Generated<string>;
  /** numeric(12, 2): rupees with paise. */
  prize_amount: Num;
  rank: Generated<number>;
  total_participants: Generated<number>;
  banner_image_id: string | null;
  beneficiary_name: Generated<string>;
  google_pay_or_upi: Generated<string>;
  has_user_confirmed: Generated<boolean>;
  user_confirmed_at: NullableTimestamp;
  created_by: string | null;
}

export interface ActiveWinnerAnnouncementTable {
  singleton: Generated<boolean>;
  announcement_id: string;
  activated_by: string | null;
  activated_at: Generated<Date>;
}

/** One change staff made, chained to the one before (see migrations/202612020100_audit_log.ts). */
export interface AuditLogTable {
  seq: number;
  at: Date;
  actor_id: string | null;
  actor_name: string;
  actor_roles: string[];
  action: string;
  resource_type: string;
  resource_id: string | null;
  resource_title: string | null;
  changes: ColumnType<AuditChanges, string, never>;
  ip: string | null;
  prev_hash: Buffer;
  hash: Buffer;
}

/** The audit log's last seq and hash: its one row is locked by a writer until its change commits. */
export interface AuditChainHeadTable {
  only_row: Generated<boolean>;
  seq: number;
  hash: Buffer;
}

export interface Database {
  video_keys: VideoKeysTable;
  current_affairs: CurrentAffairsTable;
  meeting_links: MeetingLinksTable;
  meeting_link_courses: MeetingLinkCoursesTable;
  winner_announcements: WinnerAnnouncementsTable;
  active_winner_announcement: ActiveWinnerAnnouncementTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  rate_limits: RateLimitsTable;
  recovery_tokens: RecoveryTokensTable;
  account_invites: AccountInvitesTable;
  outbound_messages: OutboundMessagesTable;
  assets: AssetsTable;
  queue_items: QueueItemsTable;
  queue_settings: QueueSettingsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  lectures: LecturesTable;
  subscriptions: SubscriptionsTable;
  courses: CoursesTable;
  course_subjects: CourseSubjectsTable;
  subject_lectures: SubjectLecturesTable;
  course_exams: CourseExamsTable;
  course_rank_files: CourseRankFilesTable;
  lecture_exams: LectureExamsTable;
  lecture_collection: LectureCollectionTable;
  lecture_collection_items: LectureCollectionItemsTable;
  lecture_missing_notes: LectureMissingNotesTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  coupon_scopes: CouponScopesTable;
  coupon_impressions: CouponImpressionsTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  lakshya_students: LakshyaStudentsTable;
  phone_verifications: PhoneVerificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_notifications: PushNotificationsTable;
  push_deliveries: PushDeliveriesTable;
  admin_alerts: AdminAlertsTable;
  comments: CommentsTable;
  comment_replies: CommentRepliesTable;
  course_subscriptions: CourseSubscriptionsTable;
  rank_files: RankFilesTable;
  rank_file_groups: RankFileGroupsTable;
  rank_file_results: RankFileResultsTable;
  exams: ExamsTable;
  exam_papers: ExamPapersTable;
  entitlements: EntitlementsTable;
  exam_attempts: ExamAttemptsTable;
  exam_regrades: ExamRegradesTable;
  attempt_sheets: AttemptSheetsTable;
  exam_key_reports: ExamKeyReportsTable;
  attempt_answers: AttemptAnswersTable;
  exam_rank_scores: ExamRankScoresTable;
  storage_claims: StorageClaimsTable;
  resumable_uploads: ResumableUploadsTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
}

export type AssetRow = Selectable<AssetsTable>;
export type QueueItemRow = Selectable<QueueItemsTable>;
export type LectureRow = Selectable<LecturesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type ExamRow = Selectable<ExamsTable>;
export type CourseRow = Selectable<CoursesTable>;
export type RankFileRow = Selectable<RankFilesTable>;
export type ExamAttemptRow = Selectable<ExamAttemptsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OutboundMessageRow = Selectable<OutboundMessagesTable>;
