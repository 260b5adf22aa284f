import type { ComponentType } from 'react';

/**
 * When an island's code loads: `load`, soon after the page has loaded (in idle time, visible islands first,
 * at once if the visitor reaches for it before), `interaction`, only when the visitor first reaches for it
 * (hover, focus, touch), or `toast` (the Toaster), when the first toast is raised or a flash message waits.
 */
export type HydrateWhen = 'load' | 'interaction' | 'toast';

/**
 * Server-renders an interactive component and marks it for hydration. The client entry
 * (islands/hydrate.ts) loads `islands/<name>.island.tsx` lazily and hydrates it with the same JSON props.
 * `name` must equal both the file's base name and the component's export name.
 * Use `hydrate="interaction"` for parts that do nothing until used (footer modals): their code is not
 * downloaded unless they are used.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate = 'load',
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  hydrate?: HydrateWhen;
}) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)} data-hydrate={hydrate === 'load' ? undefined : hydrate}>
      <Component {...props} />
    </div>
  );
}

/**
 * Whether server-rendered HTML holds an island that hydrates at load: its element ends with `data-props` (Island
 * above writes `data-hydrate` after it only for `interaction` and `toast`). Such a page loads React in idle time
 * anyway, so it may preload it (pages/+onRenderHtml.tsx).
 */
export function hydratesAtLoad(html: string): boolean {
  // indexOf, not a regular expression over the page: a student's page is 40 KB, mostly the islands' props.
  for (let at = html.indexOf(' data-island="'); at !== -1; at = html.indexOf(' data-island="', at + 1)) {
    // React escapes > in attribute values: the first one ends the island's tag.
    const end = html.indexOf('>', at);
    // Forward from the island, not backward from its end: lastIndexOf scans back to the page's start when the
    // island has no data-hydrate (0.1 ms a form page, in a profile of 3,000 logged-in views).
    const hydrate = html.indexOf(' data-hydrate="', at);
    if (end !== -1 && (hydrate === -1 || hydrate > end)) return true;
  }
  return false;
}
