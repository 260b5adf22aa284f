/** A member of staff as the reading operations see them: who (for the audit), their provider groups (for roles), from where. */
export interface StaffActor {
  email: string;
  groups?: readonly string[];
  ip?: string | null;
}
