import { createContext, lazy, Suspense, useContext } from 'react';
import type { FileField as FileFieldComponent } from './FileField.js';

type Props = Parameters<typeof FileFieldComponent>[0];

/**
 * The server's FileField (pages/form-components/FormIsland.tsx provides it): rendered at once, inside the same
 * Suspense boundary the browser has. The browser loads it only on a page with a document question (/education,
 * /final-steps), so /about's scripts stay within their 90 KB (docs/performance.md).
 */
export const ServerFileFieldContext = createContext<typeof FileFieldComponent | null>(null);

const BrowserFileField = lazy(() => import('./FileField.js').then((m) => ({ default: m.FileField })));

/**
 * A document question. While its chunk loads, hydration leaves the server's HTML of the boundary in place (it
 * works as it does without scripts, and a click on it is replayed once hydrated); a question shown later (a tab
 * chosen) appears when the chunk is there.
 */
export function LazyFileField(props: Props) {
  const Server = useContext(ServerFileFieldContext);
  return <Suspense fallback={null}>{Server ? <Server {...props} /> : <BrowserFileField {...props} />}</Suspense>;
}
