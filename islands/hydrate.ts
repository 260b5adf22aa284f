import type { ComponentType, ReactNode } from 'react';
import { shareStyleNonce } from './ui/style-nonce.js';
import { TOAST_WAITING_EVENT } from './ui/toast-bus.js';
import { FLASH_KEY } from './ui/navigation-state.js';
import { takePageTexts } from './i18n/page-texts.js';
import { SHIELDED_EVENTS } from './ui/shielded-events.js';

// The page's language and its islands' texts, set before any island renders.
takePageTexts();

// One lazy chunk per island: a page downloads only the islands it contains.
const modules = import.meta.glob<Record<string, ComponentType<object>>>('./*.island.tsx');

// pointermove too: the pointer may already rest on the island when this script runs.
const INTERACTION_EVENTS = ['pointerover', 'pointermove', 'pointerdown', 'focusin', 'touchstart'] as const;

/** Islands whose root exists but whose hydration has not committed yet, each with what holds a click on it. */
const hydrating = new Map<HTMLElement, ((event: Event) => void) | undefined>();

/**
 * While an island hydrates (in slices, on a transition lane), what the visitor does in it is left to the browser:
 * the field under the finger works as plain HTML (focus, typing, ticking, a native form post), and React does not
 * see the event, so it never turns the hydration into one long synchronous task. The island takes in what was
 * typed meanwhile once it is live (Form.island.tsx, use-auth-form.ts read the controls).
 */
function shieldHydratingIslands(): void {
  if (shieldHydratingIslands.installed) return;
  shieldHydratingIslands.installed = true;
  const shield = (event: Event) => {
    if (hydrating.size === 0 || !(event.target instanceof Node)) return;
    for (const [element, holdClick] of hydrating) {
      if (element.contains(event.target)) {
        if (event.type === 'click') holdClick?.(event);
        event.stopPropagation();
        return;
      }
    }
  };
  // Only a held click needs preventDefault: the others stay passive (a touch listener must not delay scrolling).
  for (const type of SHIELDED_EVENTS) window.addEventListener(type, shield, { capture: true, passive: type !== 'click' });
}
shieldHydratingIslands.installed = false;

/** How long hydration waits for an idle moment after the load event before it starts anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Gives the main thread back (input, paint) before the next piece of work: scheduler.yield where the browser
 * has it (the continuation keeps its place in line), else a MessageChannel message (a new task, without
 * setTimeout's clamping).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

interface Runtime {
  react: typeof import('react');
  reactDom: typeof import('react-dom/client');
  boundary: typeof import('./ui/IslandBoundary.js');
  testCrash: typeof import('./ui/test-crash.js') | null;
  /** Renders its child and reports, after the commit and the island's own effects, that the island is live. */
  Hydrated: ComponentType<{ onHydrated: () => void; children: ReactNode }>;
}

let runtime: Promise<Runtime> | null = null;

/**
 * React itself loads with the first island that needs it: a page whose islands all wait for interaction downloads
 * almost nothing up front; a page with an island that hydrates at load runs this as its scripts start
 * (hydrateIslands). React and react-dom come from one chunk (vite.config.ts), whose CommonJS factories run when
 * these imports resolve, in one task: react-dom's client, a single 200 KB function, is most of it (a few ms at 4×
 * CPU when V8 compiled it off the main thread; 50–120 ms when it compiles on the main thread, which Chromium still
 * does now and then: docs/performance.md). The test hook exists only on pages of a server run under NODE_ENV=test
 * (pages/+onRenderHtml.tsx).
 */
function loadRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    const testHooks = document.documentElement.dataset.testHooks === 'on';
    const [react, reactDom, boundary, testCrash] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('./ui/IslandBoundary.js'),
      testHooks ? import('./ui/test-crash.js') : null,
    ]);
    function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
      // Effects run children first: the island's own effects (answers typed before hydration) have run by now.
      react.useEffect(onHydrated, []);
      return children;
    }
    return { react, reactDom, boundary, testCrash, Hydrated };
  })();
  return runtime;
}

/**
 * Hydrates one island. The root is created inside startTransition: React 19 then hydrates on a transition lane,
 * in slices of a few milliseconds that yield to input, where default-lane hydration would be one long task.
 * What the visitor does meanwhile is kept from React (shieldHydratingIslands), `holdClick` excepted.
 * Resolves once the island is live.
 */
async function hydrateOne(element: HTMLElement, holdClick?: (event: Event) => void): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = modules[`./${name}.island.tsx`];
  if (!load) throw new Error(`No island named ${name}`);
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const rt = await loadRuntime();
  // The island's own code after React's: its module graph is evaluated in a task of its own.
  await yieldToMain();
  const module = await load();
  const Component = module[name];
  if (!Component) throw new Error(`islands/${name}.island.tsx does not export ${name}`);
  await yieldToMain();
  const { react, reactDom, boundary, testCrash, Hydrated } = rt;
  // Each island in its own boundary (§2, §8): a crash replaces that island only. Neither the boundary nor the
  // Hydrated marker adds markup until then, so hydration matches the server's HTML.
  const island = react.createElement(Component, props);
  const content = testCrash ? react.createElement(testCrash.CrashOnDemand, { name, children: island }) : island;
  hydrating.set(element, holdClick);
  await new Promise<void>((resolve) => {
    const done = () => {
      hydrating.delete(element);
      resolve();
    };
    const tree = react.createElement(Hydrated, {
      onHydrated: done,
      children: react.createElement(boundary.IslandBoundary, { name, children: content }),
    });
    react.startTransition(() => {
      reactDom.hydrateRoot(element, tree);
    });
  });
  // The CSS switch from the no-JavaScript form to the enhanced one (styles.css), once React owns the markup.
  element.dataset.hydrated = 'true';
}

/** Path of child indexes from the island to a descendant, to find "the same" element after hydration. */
function pathTo(root: Element, target: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = target; node && node !== root; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement?.children ?? [], node));
  }
  return path;
}

function follow(root: Element, path: number[]): HTMLElement | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return (node as HTMLElement | undefined) ?? null;
}

/**
 * Makes the first interaction with the island hydrate it at once, and returns the function that starts hydration
 * (called again, it returns the same promise). A click on a link or button that arrives before the island is live
 * is held and replayed on the same element once hydrated, so the first click on a footer link still opens its
 * modal; a click on a form control is the browser's (focus, tick, choose), and the island reads the control.
 */
function hydrateWhenReached(element: HTMLElement): () => Promise<void> {
  let started: Promise<void> | null = null;
  let live = false;
  let pendingClick: number[] | null = null;
  const onClick = (event: Event) => {
    if (live || (event.target as Element).closest('input, select, textarea, label')) return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = pathTo(element, event.target as Element);
    void start();
  };
  function start(): Promise<void> {
    if (started) return started;
    for (const type of INTERACTION_EVENTS) element.removeEventListener(type, onReach);
    started = hydrateOne(element, onClick)
      .then(() => {
        live = true;
        element.removeEventListener('click', onClick, true);
        // Let React attach its listeners and effects before replaying.
        requestAnimationFrame(() => {
          if (pendingClick) follow(element, pendingClick)?.click();
        });
      })
      .catch((err) => console.error(err));
    return started;
  }
  const onReach = () => void start();
  element.addEventListener('click', onClick, true);
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, onReach, { passive: true });
  return start;
}

/** The Toaster of a page that loads no JavaScript up front: hydrated for a flash message, or the first toast. */
function hydrateOnToast(element: HTMLElement): void {
  let flashWaiting = false;
  try {
    flashWaiting = window.sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    // storage disabled: no flash
  }
  const start = () => void hydrateOne(element).catch((err) => console.error(err));
  if (flashWaiting) start();
  else window.addEventListener(TOAST_WAITING_EVENT, start, { once: true });
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 50);
  });
}

/** Which of the elements are in (or near) the viewport now; all of them where IntersectionObserver is missing. */
function visibleNow(elements: HTMLElement[]): Promise<Set<Element>> {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve(new Set(elements));
  return new Promise((resolve) => {
    // The first callback reports every observed element at once.
    const observer = new IntersectionObserver(
      (entries) => {
        observer.disconnect();
        resolve(new Set(entries.filter((e) => e.isIntersecting).map((e) => e.target)));
      },
      { rootMargin: '200px' },
    );
    for (const element of elements) observer.observe(element);
  });
}

/**
 * Islands that should be live before the visitor reaches for them: hydrated one after another in idle time after
 * the load event (so they never compete with the page's first paint), the visible ones first, each in short tasks
 * with the main thread given back between them. Reaching for one first hydrates it at once.
 */
async function hydrateSoon(starts: Array<{ element: HTMLElement; start: () => Promise<void> }>): Promise<void> {
  const [visible] = await Promise.all([visibleNow(starts.map((s) => s.element)), afterLoad()]);
  const ordered = [...starts.filter((s) => visible.has(s.element)), ...starts.filter((s) => !visible.has(s.element))];
  for (const { start } of ordered) {
    await idle();
    await start();
    await yieldToMain();
  }
}

export function hydrateIslands(root: ParentNode = document): void {
  shieldHydratingIslands();
  // Before any island renders: Radix dialogs inject a <style> that the CSP admits only with the nonce.
  shareStyleNonce();
  const soon: Array<{ element: HTMLElement; start: () => Promise<void> }> = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    if (element.dataset.hydrate === 'interaction') hydrateWhenReached(element);
    else if (element.dataset.hydrate === 'toast') hydrateOnToast(element);
    else soon.push({ element, start: hydrateWhenReached(element) });
  }
  if (soon.length) {
    // React's factories run now, while the page loads, in a task of their own (a few ms at 4× CPU once V8 has
    // compiled the preloaded chunk off the main thread): a tap at the instant of load then finds React ready
    // instead of running them in the tap's task. Hydration itself still waits for idle time or the tap.
    // A failure is reported once, by the hydration that awaits the same promise (hydrateWhenReached).
    loadRuntime().catch(() => undefined);
    void hydrateSoon(soon);
  }
  document.documentElement.dataset.islands = 'ready';
}
