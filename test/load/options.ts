/** The load test's options (`npm run load -- --applicants N …`, test/load/run.ts) and their parsing. */

export interface LoadOptions {
  applicants: number;
  /** Web processes (WORKER=off on each), each on its own port; more than one needs PostgreSQL. */
  web: number;
  /** Applicants start this many per second (evenly spaced). */
  arrivalsPerSecond: number;
  thinkMs: number;
  /** Separate worker processes (PostgreSQL only); 0 runs the jobs inside the web process. */
  workers: number;
  patienceSeconds: number;
  keepDatabase: boolean;
  /** Writes V8 CPU profiles of the server and workers (open in Chrome DevTools) into DATA_DIR/profiles. */
  profile: boolean;
  /** `journeys` (whole applications, the default) or `deadline` (test/load/deadline.ts: complete applications submitted in a burst). */
  scenario: 'journeys' | 'deadline';
  /** The deadline scenario: this many submissions within `seconds`. */
  submissions: number;
  seconds: number;
  /** The deadline scenario: through nginx (ops/nginx/freshman-application.conf) instead of straight to each web process in turn. */
  nginx: boolean;
  /**
   * The deadline scenario: seconds of submissions at the record's ten-minute rate (13.6/s) before the measured
   * burst, as on the night, when servers have been taking submissions for hours; 0 starts cold.
   */
  leadInSeconds: number;
}

export const DEFAULT_LOAD_OPTIONS: LoadOptions = {
  applicants: 50,
  web: 1,
  arrivalsPerSecond: 1,
  thinkMs: 2000,
  workers: 1,
  patienceSeconds: 600,
  keepDatabase: false,
  profile: false,
  scenario: 'journeys',
  submissions: 600,
  seconds: 60,
  nginx: false,
  leadInSeconds: 10,
};

export function parseLoadOptions(argv: string[]): LoadOptions {
  const options: LoadOptions = { ...DEFAULT_LOAD_OPTIONS };
  const numeric: Record<string, keyof LoadOptions> = {
    '--applicants': 'applicants',
    '--web': 'web',
    '--arrivals-per-second': 'arrivalsPerSecond',
    '--think-ms': 'thinkMs',
    '--workers': 'workers',
    '--patience-seconds': 'patienceSeconds',
    '--submissions': 'submissions',
    '--seconds': 'seconds',
    '--lead-in-seconds': 'leadInSeconds',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--keep-database') options.keepDatabase = true;
    else if (arg === '--profile') options.profile = true;
    else if (arg === '--nginx') options.nginx = true;
    else if (arg === '--scenario') {
      const scenario = argv[++i];
      if (scenario !== 'journeys' && scenario !== 'deadline') throw new Error('--scenario takes journeys or deadline');
      options.scenario = scenario;
    } else if (arg in numeric) {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value < 0) throw new Error(`${arg} takes a number ≥ 0`);
      (options[numeric[arg]!] as number) = value;
    } else
      throw new Error(
        `unknown option ${arg} (options: ${[...Object.keys(numeric), '--keep-database', '--profile', '--nginx', '--scenario'].join(', ')})`,
      );
  }
  if (options.applicants < 1 || options.arrivalsPerSecond <= 0) throw new Error('--applicants and --arrivals-per-second must be positive');
  if (!Number.isInteger(options.web) || options.web < 1) throw new Error('--web takes a whole number ≥ 1');
  if (options.submissions < 1 || options.seconds <= 0) throw new Error('--submissions and --seconds must be positive');
  // The deadline scenario waits for every receipt after the burst: 6,000 PDFs take about ten minutes here (at
  // 10/s), so unless told otherwise it waits a second for every four submissions, ten minutes at least.
  if (options.scenario === 'deadline' && !argv.includes('--patience-seconds'))
    options.patienceSeconds = Math.max(DEFAULT_LOAD_OPTIONS.patienceSeconds, Math.ceil(options.submissions / 4));
  return options;
}

/** A run asked for something it cannot do (run.ts prints the message alone). */
export class LoadUsageError extends Error {}
