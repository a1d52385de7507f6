import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Rendition } from '../media/media.types.ts';

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
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface UserSessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip_address: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface RecoveryTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  code_hash: string;
  channel: 'email' | 'phone';
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

export type AssetKind = 'image' | 'video' | 'pdf' | 'spreadsheet';
export type AccessMode = 'public' | 'private';
export type ProcessState = 'uploaded' | 'preparing' | 'downloading' | 'processing' | 'post-processing' | 'uploading' | 'ready' | 'failed';
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
  created_at: Generated<Date>;
}

export interface QueueSettingsTable {
  id: number;
  state: 'RUNNING' | 'STOPPED';
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

export interface LecturesTable {
  id: Generated<string>;
  res_id: Generated<string>;
  title: string;
  is_visible: Generated<boolean>;
  is_published: Generated<boolean>;
  publish_warnings: ColumnType<string[], string[] | undefined, string[]>;
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
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  user_sessions: UserSessionsTable;
  rate_limits: RateLimitsTable;
  recovery_tokens: RecoveryTokensTable;
  outbound_messages: OutboundMessagesTable;
  assets: AssetsTable;
  queue_items: QueueItemsTable;
  queue_settings: QueueSettingsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  lectures: LecturesTable;
}

export type AssetRow = Selectable<AssetsTable>;
export type QueueItemRow = Selectable<QueueItemsTable>;
export type LectureRow = Selectable<LecturesTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OutboundMessageRow = Selectable<OutboundMessagesTable>;
