import type { PageContextServer } from 'vike/types';
import { familyPageData, type FamilyPageData } from '../../server/pages/family-page.server.js';

export type Data = FamilyPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return familyPageData(pageContext);
}
