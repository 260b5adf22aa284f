import type { PageContextServer } from 'vike/types';
import { passkeysPageData } from '../../server/pages/passkeys-page.server.js';
import type { PasskeysPageData } from '../../contracts/passkeys.js';

export type Data = PasskeysPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return passkeysPageData(pageContext);
}
