import type { PageContextServer } from 'vike/types';
import { completionPageData, type CompletionPageData, type LifecyclePageContext } from '../../server/application/page-data.server.js';

export type Data = CompletionPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return completionPageData(pageContext as unknown as LifecyclePageContext);
}
