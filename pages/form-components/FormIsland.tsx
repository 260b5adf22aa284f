import type { ReactNode } from 'react';
import { Island } from '../../islands/Island.js';
import { Form } from '../../islands/Form.island.js';
import type { FormProps } from '../../islands/form/form-props.js';
import { ServerSlotContext } from '../../islands/form/ServerSlot.js';

/**
 * The form island as a page places it: JSON props for hydration, and the shell's banners rendered in its slot.
 */
export function FormIsland({ banners, ...props }: FormProps & { banners: ReactNode }) {
  return (
    <ServerSlotContext.Provider value={banners}>
      <Island name="Form" component={Form} props={props} />
    </ServerSlotContext.Provider>
  );
}
