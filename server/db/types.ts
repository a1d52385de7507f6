import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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

export interface Database {
  users: UsersTable;
  user_sessions: UserSessionsTable;
  rate_limits: RateLimitsTable;
  recovery_tokens: RecoveryTokensTable;
  outbound_messages: OutboundMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OutboundMessageRow = Selectable<OutboundMessagesTable>;
