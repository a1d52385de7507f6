import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DOCUMENT_PREFIX_PATTERN, INDIAN_STATES } from '../shared/commerce/invoice.rules.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const DOCUMENT_PREFIX_ERROR = 'must be 1 to 4 capital letters, digits or - (GST invoice numbers such as INV/2627/000001 have at most 16 characters)';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int({ error: 'must be a whole number between 1 and 65535' })
    .min(1, { error: 'must be a whole number between 1 and 65535' })
    .max(65535, { error: 'must be a whole number between 1 and 65535' })
    .default(fallback);

const positiveInt = (fallback: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${max}` })
    .int({ error: `must be a whole number from 1 to ${max}` })
    .min(1, { error: `must be a whole number from 1 to ${max}` })
    .max(max, { error: `must be a whole number from 1 to ${max}` })
    .default(fallback);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const url = (protocols: string[]) =>
  optionalText.pipe(
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
      )
      .optional(),
  );

/** The support contacts a fresh install starts with: not anyone's, so the start warns until they are set. */
export const SUPPORT_CONTACT_PLACEHOLDERS = { SUPPORT_PHONE: '+91 00000 00000', SUPPORT_EMAIL: 'support@example.com' } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: port(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Connections the kernel holds for the server while it is busy (Linux caps it at net.core.somaxconn).
  LISTEN_BACKLOG: positiveInt(4096, 65535),
  PUBLIC_URL: url(['http:', 'https:']),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  // Unset: readable lines on a terminal outside production, JSON lines otherwise.
  LOG_FORMAT: optionalText.pipe(z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: positiveInt(10, 200),
  // 0 turns the bound off (PostgreSQL's own setting applies).
  DATABASE_STATEMENT_TIMEOUT_MS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a whole number of milliseconds from 0 to 3600000' })
      .int({ error: 'must be a whole number of milliseconds from 0 to 3600000' })
      .min(0, { error: 'must be a whole number of milliseconds from 0 to 3600000' })
      .max(3_600_000, { error: 'must be a whole number of milliseconds from 0 to 3600000' })
      .default(5000),
  ),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters long' }).optional()),
  SESSION_IDLE_TIMEOUT_MINUTES: positiveInt(12 * 60, 60 * 24 * 30),
  SESSION_MAX_AGE_DAYS: positiveInt(30, 365),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).default('admin@example.com')),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(5, { error: 'must be at least 5 characters long' }).optional()),
  ADMIN_NAME: optionalText.pipe(z.string().default('Administrator')),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: optionalText.pipe(z.string().default('PSC Console <no-reply@localhost>')),
  SMS_HTTP_URL: url(['http:', 'https:']),
  SMS_HTTP_AUTHORIZATION: optionalText,
  SMS_SENDER_ID: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: url(['http:', 'https:']).transform((value) => value ?? 'https://www.googleapis.com/oauth2/v3/certs'),
  V2_DASHBOARD_URL: url(['http:', 'https:']),
  SUPPORT_PHONE: optionalText.pipe(z.string().default(SUPPORT_CONTACT_PLACEHOLDERS.SUPPORT_PHONE)),
  SUPPORT_EMAIL: optionalText.pipe(z.string().default(SUPPORT_CONTACT_PLACEHOLDERS.SUPPORT_EMAIL)),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: url(['http:', 'https:']),
  S3_REGION: optionalText.pipe(z.string().default('us-east-1')),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool(false),
  S3_KEY_PREFIX: optionalText,
  ASSET_MAX_UPLOAD_MB: positiveInt(4096, 1024 * 1024),
  ASSET_MAX_IMAGE_MB: positiveInt(20, 1024 * 1024),
  ASSET_MAX_PDF_MB: positiveInt(200, 1024 * 1024),
  ASSET_MAX_SPREADSHEET_MB: positiveInt(20, 1024 * 1024),
  SIGNED_URL_TTL_SECONDS: positiveInt(3600, 7 * 86_400),
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  MEDIA_CONCURRENCY: positiveInt(1, 16),
  MEDIA_STALL_SECONDS: positiveInt(120, 3600),
  WORKER_HEARTBEAT_SECONDS: positiveInt(5, 600),
  WORKER_DEAD_AFTER_SECONDS: positiveInt(20, 3600),
  RUN_WORKER: bool(true),
  WORKER_CONCURRENCY: positiveInt(2, 64),
  CONSOLE_DIST_DIR: optionalText,
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  // GST allows 16 characters in a document number: PREFIX/2627/000001 leaves 4 for the prefix.
  INVOICE_PREFIX: optionalText.pipe(z.string().regex(DOCUMENT_PREFIX_PATTERN, { error: DOCUMENT_PREFIX_ERROR }).default('INV')),
  CREDIT_NOTE_PREFIX: optionalText.pipe(z.string().regex(DOCUMENT_PREFIX_PATTERN, { error: DOCUMENT_PREFIX_ERROR }).default('CN')),
  SELLER_NAME: optionalText.pipe(z.string().max(200).default('PSC Exam Preparation')),
  SELLER_GSTIN: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9]{2}[A-Z0-9]{13}$/, { error: 'must be a 15-character GSTIN' })
      .optional(),
  ),
  SELLER_STATE: optionalText.pipe(z.enum(INDIAN_STATES, { error: 'must be a state or union territory of India, e.g. Kerala' }).default('Kerala')),
  SELLER_ADDRESS: optionalText.pipe(z.string().max(500).optional()),
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a VAPID public key (87 base64url characters)' })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a VAPID private key (43 base64url characters)' })
      .optional(),
  ),
  VAPID_SUBJECT: url(['mailto:', 'https:']),
  PUSH_CA_FILE: optionalText,
  PUSH_ENDPOINT_HOSTS: optionalText.pipe(
    z.string().max(2000).default('fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com'),
  ),
  RAZORPAY_API_URL: url(['https:', 'http:']).transform((value) => value ?? 'https://api.razorpay.com'),
});

export type Env = z.infer<typeof envSchema>;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'DATA_DIR'> {
  DATA_DIR: string;
  SESSION_SECRET: string;
  /** Web Push keys: from settings, or made once under DATA_DIR outside production; null when push is off. */
  vapid: VapidKeys | null;
  /** The console's own origin, used for cross-site checks and links in messages. */
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

export class ConfigError extends Error {
  readonly lines: string[];
  constructor(lines: string[]) {
    super(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
    this.lines = lines;
  }
}

/** Parses the environment; every bad or missing value gets one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = source[name];
      return `${name}: ${issue.message}${raw === undefined ? '' : ` (got "${raw}")`}`;
    });
    throw new ConfigError(lines);
  }
  if (result.data.STORAGE_DRIVER === 's3' && !result.data.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: is required when STORAGE_DRIVER is s3']);
  }
  const razorpay = [result.data.RAZORPAY_KEY_ID, result.data.RAZORPAY_KEY_SECRET, result.data.RAZORPAY_WEBHOOK_SECRET];
  if (razorpay.some(Boolean) && !razorpay.every(Boolean)) {
    throw new ConfigError(['RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: set all three for online payment, or none']);
  }
  if (result.data.INVOICE_PREFIX === result.data.CREDIT_NOTE_PREFIX) {
    // Both series count from 1 each year: with one prefix the first credit note would repeat the first invoice's number.
    throw new ConfigError(['INVOICE_PREFIX and CREDIT_NOTE_PREFIX: must differ']);
  }
  if (Boolean(result.data.VAPID_PUBLIC_KEY) !== Boolean(result.data.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither']);
  }
  if (result.data.NODE_ENV === 'production' && !result.data.SESSION_SECRET) {
    throw new ConfigError(['SESSION_SECRET: is required when NODE_ENV is production (at least 32 characters)']);
  }
  return result.data;
}

/** Outside production a missing session secret is generated once and kept under DATA_DIR. */
function sessionSecretFor(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** A P-256 key pair for VAPID: the public key as its uncompressed point, both base64url. */
function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  // 32 bytes, with the leading zeros a short key may have lost.
  const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padded.toString('base64url') };
}

/** VAPID keys from settings; outside production, made once and kept under DATA_DIR; in production without settings, none. */
function vapidFor(env: Env, dataDir: string): VapidKeys | null {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.NODE_ENV === 'production') return null;
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${JSON.stringify(newVapidKeys())}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...stored, subject };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  return {
    ...env,
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecretFor(env, dataDir),
    vapid: vapidFor(env, dataDir),
    publicOrigin,
    secureCookies: publicOrigin?.startsWith('https:') ?? false,
  };
}
