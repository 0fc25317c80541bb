import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Environment variables the server reads; every one has a default that works on a laptop. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(54330),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Habla <no-reply@habla.local>'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  HABLA_DEMO: bool.optional(),
  HABLA_STARTER_LIBRARY: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  TRUST_PROXY: bool.optional(),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  HSTS_MAX_AGE: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 * 365 * 86_400)
    .optional(),
  EXPORT_MAX_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(4),
  ADMISSION_MAX_ACTIVE: z.coerce.number().int().min(0).max(10_000).default(20),
  ADMISSION_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(500),
  ADMISSION_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  WORKER_POOL_SIZE: z.coerce.number().int().min(1).max(256).optional(),
  WORKER_POOL_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(16),
  WORKER_POOL_MAX_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .default(25 * 1024 * 1024),
  UPLOAD_MAX_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  UPLOAD_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(8),
  UPLOAD_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(0)
    .max(100 * 1024 * 1024)
    .default(1024),
  UPLOAD_RATE_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  JOBS_EXPIRE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(23 * 3600)
    .default(15 * 60),
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOBS_STATEMENTS_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'five cron fields')
    .default('0 3 * * *'),
  JOBS_TEST_HANDLERS: bool.optional(),
  RECORDING_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .default(1024 ** 3),
  RECORDINGS_PURGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TRANSCRIPTION_ENGINE: z.enum(['manual', 'local', 'hosted']).optional(),
  WHISPER_MODEL: z.string().min(1).optional(),
  WHISPER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  TRANSCRIPTION_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSCRIPTION_KEY: z.string().min(1).optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** External PostgreSQL; when absent the server starts an embedded one in `dataDir/pg`. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgPort: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public address used in e-mail links. */
  appUrl: string;
  /** Load the demo data set of docs/product.md §8 on first start. */
  demo: boolean;
  /** Load the starter curriculum and library games on first start; off for an install that brings its own. */
  starterLibrary: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  logLevel: string;
  webDist: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (sign-in lockout is per IP). */
  trustProxy: boolean;
  /** Sign-in requests per client address and minute, whatever they are answered (a school signs in a class from one
   * address). */
  signInPerMinute: number;
  /**
   * Strict-Transport-Security max-age in seconds; 0 sends none. By default 180 days when APP_URL is
   * https (the app is served over HTTPS), else 0: on plain http the header would mean nothing.
   */
  hstsMaxAge: number;
  /** CSV exports streaming at once, per user and per instance; one more answers 429 with Retry-After. */
  exportMaxPerUser: number;
  exportMaxConcurrent: number;
  /**
   * Admission gate in front of the database (plugins/load-limits.ts): API requests handled at once
   * (0: no gate), how many may wait for a turn, and for how long; the others answer 503 with
   * Retry-After instead of queueing without bound.
   */
  admissionMaxActive: number;
  admissionMaxQueue: number;
  admissionMaxWaitMs: number;
  /**
   * Worker threads for CPU-heavy work, analyses and PDF reports (workers/pool.ts, decision 020): how
   * many run at once (default: one per core but one, which is left to the event loop and PostgreSQL)
   * and how many tasks may wait for one, and for how long; past that the answer is 503 with
   * Retry-After.
   */
  workerPoolSize: number;
  workerPoolMaxQueue: number;
  workerPoolMaxWaitMs: number;
  /**
   * Where uploaded files go (lib/storage): `local` under `dataDir/files` (one instance, or a shared
   * volume), or any S3-compatible object store so several instances share the files. The S3 keys
   * are read from here only; nothing logs them.
   */
  storage: StorageConfig;
  /** Largest upload accepted by default (bytes); a use may set a smaller one. Larger answers 413. */
  uploadMaxBytes: number;
  /**
   * Uploads streaming at once, per user and per instance; one more answers 429 with Retry-After.
   * Uploads do not take turns of the admission gate: a slow client would hold one for minutes.
   */
  uploadMaxPerUser: number;
  uploadMaxConcurrent: number;
  /**
   * How slow an upload may be before it is aborted with 408 and its slot given back (decision 007):
   * no byte for `idleMs`, or, past the first `graceMs` of waiting, fewer than `minBytesPerSecond` on
   * average (0: no minimum). Only the time spent waiting for the client counts, never the store's.
   */
  uploadPace: UploadPace;
  /**
   * Background jobs (plugins/jobs.ts, pg-boss): how often a failing job is tried again (retries after
   * the first attempt), the first delay before a retry (doubling each time, with jitter), how long one
   * attempt may run before it counts as failed (also how soon a job left running by a killed server
   * runs again), how often expired jobs are looked for, how often an idle worker polls, and when the
   * billing statements are made (cron, UTC).
   */
  jobsRetryLimit: number;
  jobsRetryDelaySeconds: number;
  jobsExpireSeconds: number;
  jobsMaintenanceSeconds: number;
  jobsPollSeconds: number;
  jobsStatementsCron: string;
  /** Registers the test-only jobs (`test.fail`, `test.slow`) the e2e and crash tests use; never in production. */
  jobsTestHandlers: boolean;
  /** Largest recording upload (bytes; 1 GB holds an hour of studio WAV) and how long a deleted recording stays
   * restorable (days). */
  recordingMaxBytes: number;
  recordingsPurgeDays: number;
  /**
   * Transcription (decision 018): the engine a new recording uses unless one is asked for
   * (default: local when a whisper.cpp model is configured, else hosted when a service is, else
   * manual); the ggml model file of the local engine (the operator puts it there; the app never
   * downloads one); an OpenAI-compatible service. The key is read from here only; nothing logs it.
   */
  transcription: {
    defaultEngine: 'manual' | 'local' | 'hosted';
    whisperModel: string | undefined;
    whisperThreads: number | undefined;
    hosted: { url: string; key: string | undefined; model: string } | undefined;
  };
};

export type UploadPace = { idleMs: number; minBytesPerSecond: number; graceMs: number };

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      /** Unset for AWS itself; the address of MinIO, Ceph, Garage, R2… otherwise. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's own chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** Bucket in the path (`host/bucket/key`), as most self-hosted stores want; default when an endpoint is set. */
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Parse the environment into one typed object; relative paths resolve from the working directory (repo root). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgPort: e.PG_PORT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/(?<!\/)\/+$/, ''),
    demo: e.NODE_ENV !== 'production' && e.HABLA_DEMO !== false,
    starterLibrary: e.HABLA_STARTER_LIBRARY !== false,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY ?? false,
    signInPerMinute: e.SIGN_IN_PER_MINUTE,
    hstsMaxAge: e.HSTS_MAX_AGE ?? ((e.APP_URL ?? '').startsWith('https:') ? 180 * 86_400 : 0),
    exportMaxPerUser: e.EXPORT_MAX_PER_USER,
    exportMaxConcurrent: e.EXPORT_MAX_CONCURRENT,
    admissionMaxActive: e.ADMISSION_MAX_ACTIVE,
    admissionMaxQueue: e.ADMISSION_MAX_QUEUE,
    admissionMaxWaitMs: e.ADMISSION_MAX_WAIT_MS,
    workerPoolSize: e.WORKER_POOL_SIZE ?? Math.max(1, os.availableParallelism() - 1),
    workerPoolMaxQueue: e.WORKER_POOL_MAX_QUEUE,
    workerPoolMaxWaitMs: e.WORKER_POOL_MAX_WAIT_MS,
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET ?? '',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : { driver: 'local', root: path.join(dataDir, 'files') },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadMaxPerUser: e.UPLOAD_MAX_PER_USER,
    uploadMaxConcurrent: e.UPLOAD_MAX_CONCURRENT,
    uploadPace: {
      idleMs: e.UPLOAD_IDLE_SECONDS * 1000,
      minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      graceMs: e.UPLOAD_RATE_GRACE_SECONDS * 1000,
    },
    jobsRetryLimit: e.JOBS_RETRY_LIMIT,
    jobsRetryDelaySeconds: e.JOBS_RETRY_DELAY_SECONDS,
    jobsExpireSeconds: e.JOBS_EXPIRE_SECONDS,
    jobsMaintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    jobsStatementsCron: e.JOBS_STATEMENTS_CRON,
    jobsTestHandlers: e.NODE_ENV !== 'production' && e.JOBS_TEST_HANDLERS === true,
    recordingMaxBytes: e.RECORDING_MAX_BYTES,
    recordingsPurgeDays: e.RECORDINGS_PURGE_DAYS,
    transcription: {
      defaultEngine: e.TRANSCRIPTION_ENGINE ?? (e.WHISPER_MODEL ? 'local' : e.TRANSCRIPTION_URL ? 'hosted' : 'manual'),
      whisperModel: e.WHISPER_MODEL ? path.resolve(e.WHISPER_MODEL) : undefined,
      whisperThreads: e.WHISPER_THREADS,
      hosted: e.TRANSCRIPTION_URL
        ? { url: e.TRANSCRIPTION_URL, key: e.TRANSCRIPTION_KEY, model: e.TRANSCRIPTION_MODEL }
        : undefined,
    },
  };
}
