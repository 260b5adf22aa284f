import Joi from 'joi';
import { resolve } from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../form/local-time.js';
import { parseAdmissionCycle } from '../form/admission-cycle.js';
import {
  admissionCycleSetting,
  developmentSecret,
  findExecutable,
  findOnPath,
  isLoopbackUrl,
  otlpHeaders,
} from './config-values.server.js';
import { parseTrustProxy, sessionSecretProblem, type TrustProxy } from './config-checks.server.js';
import { parseReplyDate, parseStaffRoles, readingSetting, type StaffRoleMap } from './config-reading.server.js';
import { deadlineSetting, parseDeadlines, type DeadlineRoundSetting } from './deadline-setting.server.js';
import { depositUrlSchema } from './config-deposit.server.js';

/** The validated, typed configuration. Built once at boot by `loadConfig`; nothing else reads process.env. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  s3: null | {
    bucket: string;
    endpoint: string | null;
    region: string;
    forcePathStyle: boolean;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  };
  chromiumPath: string | null;
  sofficePath: string | null;
  /** LibreOffice's hard limit per attempt (SOFFICE_TIMEOUT_SECONDS). */
  sofficeTimeoutMs: number;
  sessionSecret: string;
  /** Express's `trust proxy`: which X-Forwarded-For hops to believe (README, Security). */
  trustProxy: TrustProxy;
  worker: 'inline' | 'off';
  logLevel: string;
  applicationWindow: { start: Date; end: Date } | null;
  contacts: { helpEmail: string; officePhone: string; officeEmail: string };
  /** Staff sign-in through the university's OpenID Connect provider; null: staff-link sign-in only. */
  oidc: null | { issuer: string; clientId: string; clientSecret: string };
  /** Who may use the staff desk: listed addresses (lower-cased) and/or a required group claim. Both empty: nobody. */
  staff: { emails: string[]; group: string | null };
  /** Where submission events are POSTed, signed with the secret; null: no webhooks. */
  webhook: null | { url: string; secret: string };
  /** The university's IANA zone: every time a person reads is shown in it, zone named (form/local-time.ts). */
  timeZone: string;
  /** The fall of the entry term open for application (form/admission-cycle.ts); null: computed from today. */
  admissionCycle: number | null;
  // ── Operators: metrics and traces (issue 27, docs/operations.md "Metrics and traces") ──
  /** GET /metrics: loopback callers always; anyone else only with this bearer token (null: nobody else). */
  metrics: { token: string | null; workerPort: number | null; workerHost: string };
  /** `npm run worker`: its nice value (PDF work yields the CPU to web processes) and PDFs rendered at once (docs/operations.md). */
  workerProcess: { nice: number; pdfRenders: number };
  /** Password checks that may wait in a web process before a sign-in, sign-up or reset is turned away (503); 0: automatic. */
  passwordChecksWaitingMax: number;
  /** OpenTelemetry traces over OTLP/HTTP; null: tracing off and its SDK never loaded. */
  otel: null | { endpoint: string; headers: Record<string, string>; serviceName: string };
  // ── Retention (issue 27, h27r) ──
  /**
   * How long data is kept: an unsubmitted account idle for inactiveAccountMonths is deleted (warned 30 days before);
   * a submitted application is purged submittedRetentionMonths after submission (null: kept forever).
   */
  retention: { inactiveAccountMonths: number; submittedRetentionMonths: number | null };
  // ── Reading (issue 37, docs/reading.md) ──
  /** roles: null when STAFF_ROLES is unset (everyone on the desk is an admin); blindReviews: REVIEW_BLIND; replyDate: REPLY_DATE. */
  reading: { roles: StaffRoleMap | null; blindReviews: boolean; replyDate: { month: number; day: number } };
  // ── Deadlines (issue 40, docs/deadlines.md) ──
  /** rounds: DEADLINES in the order written (empty: no deadline at all); graceMinutes: DEADLINE_GRACE_MINUTES. */
  deadlines: { rounds: DeadlineRoundSetting[]; graceMinutes: number };
  /** DEPOSIT_URL: the enrollment deposit's payment page, `{reference}` filled in (issue 39); null: pay by contacting the office. */
  depositUrl: string | null;
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const envSchema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  DATA_DIR: Joi.string().default('./.data'),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }),
  MAIL_FROM: Joi.string().email({ tlds: false }).default('admissions@localhost'),
  S3_BUCKET: Joi.string().min(3).max(63),
  S3_ENDPOINT: Joi.string().uri({ scheme: ['http', 'https'] }),
  S3_REGION: Joi.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: Joi.boolean().truthy('1').falsy('0').default(false),
  AWS_ACCESS_KEY_ID: Joi.string(),
  AWS_SECRET_ACCESS_KEY: Joi.string(),
  CHROMIUM_PATH: Joi.string(),
  SOFFICE_PATH: Joi.string(),
  // At most 40 s: with the conversion process's own 15 s it must end before the job expires (60 s, platform/jobs/queues.ts).
  SOFFICE_TIMEOUT_SECONDS: Joi.number().integer().min(1).max(40).default(30),
  SESSION_SECRET: Joi.string()
    .min(32)
    .messages({ 'string.min': 'must be at least {#limit} characters; generate one with `openssl rand -base64 48`' }),
  TRUST_PROXY: Joi.string(),
  WORKER: Joi.string().valid('inline', 'off').default('inline'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  APPLICATION_WINDOW_START: Joi.date().iso(),
  APPLICATION_WINDOW_END: Joi.date()
    .iso()
    .when('APPLICATION_WINDOW_START', {
      is: Joi.exist(),
      then: Joi.date().iso().greater(Joi.ref('APPLICATION_WINDOW_START')).required(),
    }),
  HELP_EMAIL: Joi.string().email({ tlds: false }).default('help@admissions.example.edu'),
  OFFICE_PHONE: Joi.string().max(40).default('(555) 555-0100'),
  OFFICE_EMAIL: Joi.string().email({ tlds: false }).default('admissions@admissions.example.edu'),
  OIDC_ISSUER: Joi.string().uri({ scheme: ['http', 'https'] }),
  OIDC_CLIENT_ID: Joi.string().max(200),
  OIDC_CLIENT_SECRET: Joi.string().max(500),
  STAFF_EMAILS: Joi.string().custom((value: string, helpers) => {
    const emails = value.split(/[\s,;]+/).filter(Boolean);
    const bad = emails.find((e) => Joi.string().email({ tlds: false }).validate(e).error);
    return bad ? helpers.message({ custom: `"STAFF_EMAILS" holds "${bad}", which is not an e-mail address` }) : value;
  }),
  STAFF_GROUP: Joi.string().max(200),
  WEBHOOK_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  WEBHOOK_SECRET: Joi.string().min(16),
  TIME_ZONE: Joi.string()
    .default(DEFAULT_TIME_ZONE)
    .custom((value: string, helpers) =>
      isTimeZone(value) ? value : helpers.message({ custom: `"${value}" is not an IANA time zone (e.g. America/Denver)` }),
    ),
  // ── Retention (issue 27, h27r): whole months; more than one month, so that the 30 days' warning comes first ──
  INACTIVE_ACCOUNT_MONTHS: Joi.number().integer().min(2).max(1200).default(18),
  SUBMITTED_RETENTION_MONTHS: Joi.alternatives()
    .try(Joi.string().valid('forever'), Joi.number().integer().min(1).max(1200))
    .default('forever'),
  ADMISSION_CYCLE: Joi.string().custom((value: string, helpers) => {
    const parsed = parseAdmissionCycle(value);
    return 'problem' in parsed ? helpers.message({ custom: parsed.problem }) : value;
  }),
  // ── Operators: metrics and traces (issue 27) ──
  METRICS_TOKEN: Joi.string()
    .min(24)
    .max(200)
    .pattern(/^[\x21-\x7e]+$/, 'printable characters without spaces'),
  METRICS_PORT: Joi.number().integer().min(1).max(65535),
  WORKER_NICE: Joi.number().integer().min(0).max(19).default(10),
  PDF_RENDERS_PER_WORKER: Joi.number().integer().min(1).max(16).default(2),
  // 0: as many as fit about ten seconds of waiting on this machine (server/auth/passwords.server.ts).
  PASSWORD_CHECKS_WAITING_MAX: Joi.number().integer().min(0).max(100_000).default(0),
  // The worker's metrics port listens on this machine only unless the operator says otherwise (issue 35 finding 11).
  METRICS_HOST: Joi.string().hostname().default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: Joi.string().uri({ scheme: ['http', 'https'] }),
  OTEL_EXPORTER_OTLP_HEADERS: Joi.string().pattern(/^[^=,\s]+=[^,]*(,[^=,\s]+=[^,]*)*$/, 'key=value pairs separated by commas'),
  OTEL_SERVICE_NAME: Joi.string().max(100).default('freshman-application'),
  // ── Reading (issue 37) ──
  STAFF_ROLES: Joi.string()
    .max(4000)
    .custom((value: string, helpers) => {
      const parsed = parseStaffRoles(value);
      return 'problem' in parsed ? helpers.message({ custom: parsed.problem }) : value;
    }),
  REVIEW_BLIND: Joi.boolean().default(true),
  REPLY_DATE: Joi.string()
    .default('05-01')
    .custom((value: string, helpers) => {
      const parsed = parseReplyDate(value);
      return 'problem' in parsed ? helpers.message({ custom: parsed.problem }) : value;
    }),
  // ── Deadlines (issue 40) ──
  DEADLINES: Joi.string()
    .max(1000)
    .custom((value: string, helpers) => {
      const parsed = parseDeadlines(value);
      return 'problem' in parsed ? helpers.message({ custom: `"DEADLINES" ${parsed.problem}` }) : value;
    }),
  DEADLINE_GRACE_MINUTES: Joi.number()
    .integer()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
  // ── Replies and deposits (issue 39) ──
  DEPOSIT_URL: depositUrlSchema,
})
  .and('OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET')
  .and('WEBHOOK_URL', 'WEBHOOK_SECRET')
  .and('AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY')
  .with('S3_ENDPOINT', 'S3_BUCKET')
  .with('APPLICATION_WINDOW_END', 'APPLICATION_WINDOW_START')
  .unknown(true);

/** The environment variables this module knows; docker-compose and the README are checked against it. */
export const KNOWN_VARIABLES = Object.keys(envSchema.describe().keys as Record<string, unknown>);

export class ConfigError extends Error {}

/** Validates the environment once. Throws ConfigError naming the offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const { value, error } = envSchema.validate(blanksRemoved, { abortEarly: true, convert: true });
  if (error) {
    const variable = String(error.details[0]?.path[0] ?? error.details[0]?.context?.label ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable}: ${error.message}`);
  }
  const v = value as Record<string, any>;
  const nodeEnv = v.NODE_ENV as Config['nodeEnv'];
  const dataDir = resolve(v.DATA_DIR);
  if (nodeEnv === 'production' && !v.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET: is required in production (256 bits of randomness); generate one with `openssl rand -base64 48`',
    );
  }
  if (nodeEnv === 'production') {
    const problem = sessionSecretProblem(v.SESSION_SECRET);
    if (problem) throw new ConfigError(`Invalid configuration: SESSION_SECRET: ${problem}`);
  }
  const trustProxy = parseTrustProxy(v.TRUST_PROXY);
  if ('problem' in trustProxy) throw new ConfigError(`Invalid configuration: TRUST_PROXY: ${trustProxy.problem}`);
  const port = v.PORT as number;
  // An identity provider over plain http would leak codes and tokens; only a loopback one (tests, a laptop) may.
  if (v.OIDC_ISSUER && new URL(v.OIDC_ISSUER).protocol === 'http:' && !isLoopbackUrl(v.OIDC_ISSUER)) {
    throw new ConfigError('Invalid configuration: OIDC_ISSUER: must be an https URL (http only on loopback)');
  }
  return {
    nodeEnv,
    port,
    publicUrl: String(v.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: v.DATABASE_URL ?? null,
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM,
    s3: v.S3_BUCKET
      ? {
          bucket: v.S3_BUCKET,
          endpoint: v.S3_ENDPOINT ?? null,
          region: v.S3_REGION,
          forcePathStyle: v.S3_FORCE_PATH_STYLE,
          accessKeyId: v.AWS_ACCESS_KEY_ID ?? null,
          secretAccessKey: v.AWS_SECRET_ACCESS_KEY ?? null,
        }
      : null,
    chromiumPath: v.CHROMIUM_PATH ?? findExecutable(CHROMIUM_CANDIDATES),
    sofficePath: v.SOFFICE_PATH ?? findOnPath('soffice', env.PATH),
    sofficeTimeoutMs: v.SOFFICE_TIMEOUT_SECONDS * 1000,
    sessionSecret: v.SESSION_SECRET ?? developmentSecret(dataDir),
    trustProxy: trustProxy.value,
    worker: v.WORKER,
    logLevel: v.LOG_LEVEL,
    applicationWindow: v.APPLICATION_WINDOW_START ? { start: v.APPLICATION_WINDOW_START, end: v.APPLICATION_WINDOW_END } : null,
    contacts: { helpEmail: v.HELP_EMAIL, officePhone: v.OFFICE_PHONE, officeEmail: v.OFFICE_EMAIL },
    oidc: v.OIDC_ISSUER ? { issuer: v.OIDC_ISSUER, clientId: v.OIDC_CLIENT_ID, clientSecret: v.OIDC_CLIENT_SECRET } : null,
    staff: {
      emails: String(v.STAFF_EMAILS ?? '')
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((e) => e.toLowerCase()),
      group: v.STAFF_GROUP ?? null,
    },
    webhook: v.WEBHOOK_URL ? { url: v.WEBHOOK_URL, secret: v.WEBHOOK_SECRET } : null,
    timeZone: v.TIME_ZONE,
    admissionCycle: admissionCycleSetting(v.ADMISSION_CYCLE),
    // ── Operators: metrics and traces (issue 27) ──
    metrics: { token: v.METRICS_TOKEN ?? null, workerPort: v.METRICS_PORT ?? null, workerHost: v.METRICS_HOST },
    workerProcess: { nice: v.WORKER_NICE, pdfRenders: v.PDF_RENDERS_PER_WORKER },
    passwordChecksWaitingMax: v.PASSWORD_CHECKS_WAITING_MAX,
    otel: v.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT, headers: otlpHeaders(v.OTEL_EXPORTER_OTLP_HEADERS), serviceName: v.OTEL_SERVICE_NAME }
      : null,
    // ── Retention (issue 27, h27r) ──
    retention: {
      inactiveAccountMonths: v.INACTIVE_ACCOUNT_MONTHS as number,
      submittedRetentionMonths: v.SUBMITTED_RETENTION_MONTHS === 'forever' ? null : (v.SUBMITTED_RETENTION_MONTHS as number),
    },
    reading: readingSetting(v),
    deadlines: deadlineSetting(v),
    depositUrl: v.DEPOSIT_URL ?? null,
  };
}

/** For process entry points: the configuration, or exit 1 with the message naming the variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * `npm start` serves the production build. React picks its production or development build from NODE_ENV
 * when it is first loaded, and its development build renders a form page several times slower; the
 * configuration's NODE_ENV defaults to development so that a fresh clone starts without secrets. So
 * libraries run in production mode whatever the configuration says, except under tests, which keep React's
 * development warnings. Call before anything that may load React is imported.
 */
export function runLibrariesInProductionMode(config: Config): void {
  if (config.nodeEnv !== 'test') process.env.NODE_ENV = 'production';
}
