import { useEffect, useState, type ReactNode } from 'react';

/** The window event a browser test dispatches, with the island's name as detail, to make that island throw. */
export const TEST_CRASH_EVENT = 'freshman:test-crash-island';

/**
 * Test hook: wrapped around each island's component only on pages the server marks with data-test-hooks,
 * which it does only under NODE_ENV=test (never in production). On the event it throws while rendering,
 * inside the island's boundary, as a bug in the island's own code would.
 */
export function CrashOnDemand({ name, children }: { name: string; children: ReactNode }) {
  const [crash, setCrash] = useState(false);
  useEffect(() => {
    const onCrash = (event: Event) => {
      if ((event as CustomEvent<string>).detail === name) setCrash(true);
    };
    window.addEventListener(TEST_CRASH_EVENT, onCrash);
    return () => window.removeEventListener(TEST_CRASH_EVENT, onCrash);
  }, [name]);
  if (crash) throw new Error(`Test crash of the ${name} island`);
  return children;
}
