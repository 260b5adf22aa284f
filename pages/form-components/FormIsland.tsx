import type { ReactNode } from 'react';
import { Island } from '../../islands/Island.js';
import { Form, type FormProps } from '../../islands/Form.island.js';
import { ServerSlotContext } from '../../islands/form/ServerSlot.js';
import { ServerOptionsContext } from '../../islands/form/fields/server-options.js';
import { serverOptionsHtml } from './server-options.js';

/**
 * The form island as a page places it: JSON props for hydration, the shell's banners rendered in its slot,
 * and the selects' option lists rendered once per list rather than on every request (server-options.tsx).
 */
export function FormIsland({ banners, ...props }: FormProps & { banners: ReactNode }) {
  return (
    <ServerSlotContext.Provider value={banners}>
      <ServerOptionsContext.Provider value={serverOptionsHtml}>
        <Island name="Form" component={Form} props={props} />
      </ServerOptionsContext.Provider>
    </ServerSlotContext.Provider>
  );
}
