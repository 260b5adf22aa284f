import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

// One lazy chunk per island: a page downloads only the islands it contains.
const modules = import.meta.glob<Record<string, ComponentType<object>>>('./*.island.tsx');

export function hydrateIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const load = modules[`./${name}.island.tsx`];
    if (!load) {
      console.error(`No island named ${name}`);
      continue;
    }
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    void load().then((module) => {
      const Component = module[name];
      if (!Component) throw new Error(`islands/${name}.island.tsx does not export ${name}`);
      hydrateRoot(element, createElement(Component, props));
      element.dataset.hydrated = 'true';
    });
  }
}
