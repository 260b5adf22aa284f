import type { AppServices } from '../../platform/app-services.server.js';

/**
 * HOOK(offer-reply): the applicant's reply to an offer of admission, in words a family member reads ("Accepted the
 * offer on May 1, 2027."), or null while there is none. The reply to an offer is built separately (migration 170);
 * until it is merged there is nothing to read, and the family status page shows no reply line. When it lands, read
 * its stored reply for `userId` here — only the reply and its date, never anything the applicant wrote with it.
 */
export async function familyOfferReply(_services: AppServices, _userId: string): Promise<string | null> {
  return null;
}
