import { createContext, lazy, Suspense, useContext, useState } from 'react';
import type { FileField as FileFieldComponent } from './FileField.js';

type Props = Parameters<typeof FileFieldComponent>[0];

/**
 * The server's FileField (pages/form-components/FormIsland.tsx provides it): rendered at once, inside the same
 * Suspense boundary the browser has. The browser loads it only on a page with a document question (/education,
 * /final-steps), so /about's scripts stay within their 90 KB (docs/performance.md).
 */
export const ServerFileFieldContext = createContext<typeof FileFieldComponent | null>(null);

type FileFieldModule = typeof import('./FileField.js');
let loaded: FileFieldModule | undefined;

/** Called as the island starts on a page with a document question, so one shown later (a tab chosen) is there at once. */
export const loadFileField = (): Promise<FileFieldModule> => import('./FileField.js').then((m) => (loaded = m));

const BrowserFileField = lazy(() => loadFileField().then((m) => ({ default: m.FileField })));

/**
 * A document question. While its chunk loads, hydration leaves the server's HTML of the boundary in place (it
 * works as it does without scripts, and a click on it is replayed once hydrated).
 */
export function LazyFileField(props: Props) {
  const Server = useContext(ServerFileFieldContext);
  // Chosen once per question: the field itself when its chunk is already there (a question a tab shows renders in
  // the same commit, not after a fallback and React's 300 ms reveal throttle), else React.lazy.
  const [Browser] = useState(() => loaded?.FileField ?? BrowserFileField);
  return <Suspense fallback={null}>{Server ? <Server {...props} /> : <Browser {...props} />}</Suspense>;
}
