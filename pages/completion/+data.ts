import type { PageContextServer } from 'vike/types';
import type { CompletionPageData } from '../../contracts/page-data.js';
import { completionPageData } from '../../server/pages/completion-page.server.js';

export type Data = CompletionPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return completionPageData(pageContext);
}
