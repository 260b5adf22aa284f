import type { PageContextServer } from 'vike/types';
import { completionPageData } from '../../server/application/page-data.server.js';
import type { CompletionPageData } from '../../contracts/page-data.js';

export type Data = CompletionPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return completionPageData(pageContext);
}
