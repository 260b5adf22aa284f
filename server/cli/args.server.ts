/** Minimal argument reading for the npm run commands: positional arguments and `--hours N`. */
export function parseCliArgs(argv: string[]): { positional: string[]; hours: number | null; flags: Set<string> } {
  const positional: string[] = [];
  const flags = new Set<string>();
  let hours: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--hours') {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value <= 0 || value > 24 * 90) throw new Error('--hours takes a number of hours between 0 and 2160');
      hours = value;
    } else if (arg.startsWith('--')) flags.add(arg.slice(2));
    else positional.push(arg);
  }
  return { positional, hours, flags };
}

/** Runs a command's main(): its number is the exit code; a thrown error is printed (message only) and exits 1. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
