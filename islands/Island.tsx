import type { ComponentType } from 'react';

/**
 * Server-renders an interactive component and marks it for hydration. The client entry
 * (islands/hydrate.ts) loads `islands/<name>.island.tsx` lazily and hydrates it with the same JSON props.
 * `name` must equal both the file's base name and the component's export name.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
