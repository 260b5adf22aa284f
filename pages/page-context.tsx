import { createContext, useContext, type ReactNode } from 'react';
import type { PageContextServer } from 'vike/types';

const Context = createContext<PageContextServer | null>(null);

export function PageContextProvider({ pageContext, children }: { pageContext: PageContextServer; children: ReactNode }) {
  return <Context.Provider value={pageContext}>{children}</Context.Provider>;
}

/** The current page's context, on the server only (islands receive JSON props instead). */
export function usePageContext(): PageContextServer {
  const value = useContext(Context);
  if (!value) throw new Error('usePageContext outside a page');
  return value;
}

/** The page's +data result (https://vike.dev/useData); undefined on a page without a +data hook. */
export function useData<Data>(): Data | undefined {
  return usePageContext().data as Data | undefined;
}
