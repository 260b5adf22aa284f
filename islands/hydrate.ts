import type { ComponentType } from 'react';
import { shareStyleNonce } from './ui/style-nonce.js';
import { TOAST_WAITING_EVENT } from './ui/toast-bus.js';
import { FLASH_KEY } from './ui/navigation-state.js';

// One lazy chunk per island: a page downloads only the islands it contains.
const modules = import.meta.glob<Record<string, ComponentType<object>>>('./*.island.tsx');

// pointermove too: the pointer may already rest on the island when this script runs.
const INTERACTION_EVENTS = ['pointerover', 'pointermove', 'pointerdown', 'focusin', 'touchstart'] as const;

function hydrateOne(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = modules[`./${name}.island.tsx`];
  if (!load) return Promise.reject(new Error(`No island named ${name}`));
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  // React itself loads with the first island that needs it: a page whose islands all wait for
  // interaction downloads almost nothing up front. The test hook exists only on pages of a server run
  // under NODE_ENV=test (pages/+onRenderHtml.tsx).
  const testHooks = document.documentElement.dataset.testHooks === 'on';
  const parts = [load(), import('react'), import('react-dom/client'), import('./ui/IslandBoundary.js'), testHooks ? import('./ui/test-crash.js') : null] as const;
  return Promise.all(parts).then(([module, react, reactDom, boundary, testCrash]) => {
    const Component = module[name];
    if (!Component) throw new Error(`islands/${name}.island.tsx does not export ${name}`);
    // Each island in its own boundary (§2, §8): a crash replaces that island only. The boundary adds no
    // markup until then, so hydration matches the server's HTML.
    const island = react.createElement(Component, props);
    const content = testCrash ? react.createElement(testCrash.CrashOnDemand, { name, children: island }) : island;
    reactDom.hydrateRoot(element, react.createElement(boundary.IslandBoundary, { name, children: content }));
    element.dataset.hydrated = 'true';
  });
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
 * Hydrates on the first interaction. A click that arrives before the code has loaded is replayed on the
 * same element once hydrated, so the first click on a footer link still opens its modal.
 */
function hydrateOnInteraction(element: HTMLElement): void {
  let started = false;
  let pendingClick: number[] | null = null;
  const onClick = (event: Event) => {
    if (element.dataset.hydrated === 'true') return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = pathTo(element, event.target as Element);
    start();
  };
  function start() {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) element.removeEventListener(type, start);
    void hydrateOne(element).then(() => {
      element.removeEventListener('click', onClick, true);
      // Let React attach its listeners before replaying.
      requestAnimationFrame(() => {
        if (pendingClick) follow(element, pendingClick)?.click();
      });
    });
  }
  element.addEventListener('click', onClick, true);
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, start, { passive: true });
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

export function hydrateIslands(root: ParentNode = document): void {
  // Before any island renders: Radix dialogs inject a <style> that the CSP admits only with the nonce.
  shareStyleNonce();
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    if (element.dataset.hydrate === 'interaction') hydrateOnInteraction(element);
    else if (element.dataset.hydrate === 'toast') hydrateOnToast(element);
    else void hydrateOne(element).catch((err) => console.error(err));
  }
  document.documentElement.dataset.islands = 'ready';
}
