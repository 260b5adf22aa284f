import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { writeOpenApplication, type ApplicationRead } from '../../db/repos/applications.server.js';

/** DESIGN §8: a submitted application is final; every write to it answers 409 with this message. */
export const SUBMITTED_MESSAGE = 'Your application has been submitted, so it can no longer be changed.';

export function submittedError(): HttpError {
  return new HttpError(409, SUBMITTED_MESSAGE, { submitted: true });
}

/**
 * Every applicant write goes through here: `write` runs in the transaction that holds the application row's
 * lock and has just read that it is not submitted, so the check and the write cannot be separated by a
 * submit (on PGlite and PostgreSQL alike). 409 once submitted.
 */
export async function whileOpen<T>(
  services: AppServices,
  userId: string,
  write: (trx: Knex.Transaction, row: ApplicationRead) => Promise<T>,
): Promise<T> {
  const result = await writeOpenApplication(services.db.knex, userId, services.now(), write);
  if (result.submitted) throw submittedError();
  return result.value;
}
