import type { PageContextServer } from 'vike/types';
import { completionWithReceipt } from '../../server/receipts/completion-data.server.js';
import type { CompletionPageData } from '../../contracts/page-data.js';

export type Data = CompletionPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return completionWithReceipt(pageContext);
}
