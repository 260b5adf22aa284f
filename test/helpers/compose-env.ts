/**
 * Docker Compose's variable interpolation, as much of it as docker-compose.yml uses: `${NAME}`, `${NAME:-default}`
 * and `${NAME:?message}` (which stops `docker compose up` with the message when NAME is unset or empty).
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, op: string | undefined, arg: string | undefined) => {
    const set = env[name];
    if (set !== undefined && set !== '') return set;
    if (op === '?') throw new Error(`required variable ${name} is missing a value: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

export function interpolateAll(environment: Record<string, string>, env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolate(String(v), env)]));
}
