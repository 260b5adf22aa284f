/**
 * The reading workflow's settings (issue 37), parsed for the joi schema of config.server.ts, which alone reads
 * the environment and calls these.
 */

export type StaffRole = 'reader' | 'lead' | 'admin';
export const STAFF_ROLE_NAMES: readonly StaffRole[] = ['reader', 'lead', 'admin'];

/** STAFF_ROLES as parsed: for each role above reader, the e-mails (lower-cased) and provider groups that hold it. */
export type StaffRoleMap = Record<'lead' | 'admin', { emails: string[]; groups: string[] }>;

/** `lead=alice@u.edu,group:admissions-leads;admin=carol@u.edu` → the map, or what is wrong with it. */
export function parseStaffRoles(raw: string): { value: StaffRoleMap } | { problem: string } {
  const value: StaffRoleMap = { lead: { emails: [], groups: [] }, admin: { emails: [], groups: [] } };
  for (const part of raw
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const role = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (role !== 'lead' && role !== 'admin') {
      return { problem: `"${role}" is not a role that can be given here: use lead=… or admin=… (everyone else on the desk is a reader)` };
    }
    for (const who of part
      .slice(eq + 1)
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean)) {
      if (who.startsWith('group:')) {
        const group = who.slice('group:'.length).trim();
        if (!group || group.length > 200) return { problem: `"${who}" names no group (write group:<name>)` };
        value[role].groups.push(group);
      } else if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(who)) value[role].emails.push(who.toLowerCase());
      else return { problem: `"${who}" is neither an e-mail address nor group:<name>` };
    }
  }
  return { value };
}

/** REPLY_DATE `MM-DD`: the day of the entry year by which admitted applicants reply (letters' {reply_date}). */
export function parseReplyDate(raw: string): { value: { month: number; day: number } } | { problem: string } {
  const match = /^(\d{2})-(\d{2})$/.exec(raw.trim());
  const month = Number(match?.[1]);
  const day = Number(match?.[2]);
  const valid = match && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2024, month, 0)).getUTCDate();
  return valid ? { value: { month, day } } : { problem: `"${raw}" is not a month and day written MM-DD (e.g. 05-01)` };
}

/** The reading settings as the configuration holds them (each variable was checked by the schema already). */
export function readingSetting(v: { STAFF_ROLES?: string; REPLY_DATE?: string; REVIEW_BLIND?: boolean }): {
  roles: StaffRoleMap | null;
  blindReviews: boolean;
  replyDate: { month: number; day: number };
} {
  const roles = v.STAFF_ROLES ? parseStaffRoles(v.STAFF_ROLES) : null;
  const reply = parseReplyDate(v.REPLY_DATE ?? '05-01');
  return {
    roles: roles && 'value' in roles ? roles.value : null,
    blindReviews: v.REVIEW_BLIND !== false,
    replyDate: 'value' in reply ? reply.value : { month: 5, day: 1 },
  };
}
