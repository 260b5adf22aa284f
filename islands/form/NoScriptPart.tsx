import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import type { SchoolSearch } from '../../contracts/lookup.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import type { FittedQuery } from '../../contracts/no-script-upload.js';
import type { Question } from '../../form/types.js';

/**
 * The parts of the form only a page without scripts uses (DESIGN §6): the school search's "Search" and its results,
 * an upload's status with its refresh link and the fitted-photo note. Hidden once the island has hydrated
 * (`.island[data-hydrated] .nojs-only`), they were 0.8 KB brotli of the form island's chunk that no browser with
 * scripts ever showed (docs/performance.md). The server renders them (pages/form-components/FormIsland.tsx provides
 * the renderers); the island keeps whatever the server put there, as ServerSlot does, and never imports them.
 */
export interface NoScriptParts {
  schoolSearch(props: { q: Extract<Question, { kind: 'autocomplete' }>; search: SchoolSearch | undefined }): ReactNode;
  uploadStatus(props: {
    answerKey: string;
    document: DocumentAnswer;
    pagePath: string;
    statusCheck?: string | undefined;
    fitted?: FittedQuery | undefined;
  }): ReactNode;
}

export const NoScriptPartsContext = createContext<NoScriptParts | null>(null);

// One constant object: React compares the prop by identity and never rewrites the server's HTML.
const KEEP_SERVER_HTML = { __html: '' };

/**
 * A click on a kept submit button (held before hydration and replayed, or made while the part is still visible)
 * does what the island's own buttons of these parts did: nothing, instead of posting the page.
 */
function holdSubmit(event: MouseEvent<HTMLDivElement>) {
  if ((event.target as Element).closest('button[type="submit"]')) event.preventDefault();
}

/** The part `part` inside its `className` element: rendered on the server, kept as the server sent it in the browser. */
export function NoScriptPart<K extends keyof NoScriptParts>({
  part,
  className,
  props,
}: {
  part: K;
  className: string;
  props: Parameters<NoScriptParts[K]>[0];
}) {
  const parts = useContext(NoScriptPartsContext);
  if (parts) return <div className={className}>{(parts[part] as (p: typeof props) => ReactNode)(props)}</div>;
  return <div className={className} onClick={holdSubmit} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
}
