import type { Data } from './+data.js';
import { useData, usePageContext } from '../page-context.js';
import { PrintDocument } from '../../views/print/PrintDocument.js';

/**
 * /print (staff only): the print layout of views/print for the PDF renderer (workers/ loads this page over
 * HTTP). No script is loaded here.
 */
export function Page() {
  const data = useData<Data>()!;
  const { cspNonce } = usePageContext() as { cspNonce?: string };
  return <PrintDocument data={data} nonce={cspNonce} />;
}
