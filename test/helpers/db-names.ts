/** Names of the per-run template and per-file databases derived from DATABASE_URL's database name. */
export function baseName(url: string): string {
  return new URL(url).pathname.replace(/^\//, '') || 'postgres';
}

export function templateName(url: string): string {
  return `${baseName(url)}_tpl`;
}

export function testDatabasePrefix(url: string): string {
  return `${baseName(url)}_t_`;
}

/** Connection to the maintenance database, for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}
