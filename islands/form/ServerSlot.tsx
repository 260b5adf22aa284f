import { createContext, useContext, type ReactNode } from 'react';

/** Server-rendered content placed inside an island's markup (e.g. the shell's banners between nav and main). */
export const ServerSlotContext = createContext<ReactNode>(undefined);

// One constant object: React compares the prop by identity and never rewrites the server's HTML.
const KEEP_SERVER_HTML = { __html: '' };

/**
 * On the server renders the slot's content; in the browser keeps whatever the server put there. The content
 * may contain islands of its own (they hydrate separately), but never depends on the form's state.
 */
export function ServerSlot({ className }: { className: string }) {
  const content = useContext(ServerSlotContext);
  if (content !== undefined) return <div className={className}>{content}</div>;
  return <div className={className} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
}
