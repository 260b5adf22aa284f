import type { ReactNode } from 'react';
import { Island } from '../../islands/Island.js';
import { Form } from '../../islands/Form.island.js';
import type { FormProps } from '../../islands/form/form-props.js';
import { ServerSlotContext } from '../../islands/form/ServerSlot.js';
import { NoScriptPartsContext, type NoScriptParts } from '../../islands/form/NoScriptPart.js';
import { SchoolSearchWithoutScripts } from '../../islands/form/fields/SchoolSearchWithoutScripts.js';
import { UploadStatus } from '../../islands/form/fields/UploadStatus.js';
import { FileField } from '../../islands/form/fields/FileField.js';
import { ServerFileFieldContext } from '../../islands/form/fields/LazyFileField.js';

/** What only a page without scripts uses, rendered here so the island's chunk does not carry it. */
const NO_SCRIPT_PARTS: NoScriptParts = {
  schoolSearch: (props) => <SchoolSearchWithoutScripts {...props} />,
  uploadStatus: (props) => <UploadStatus {...props} />,
};

/**
 * The form island as a page places it: JSON props for hydration, the shell's banners rendered in its slot, and the
 * parts only a page without scripts uses (islands/form/NoScriptPart.tsx), and the document questions' field, which
 * the browser loads only where there is one (islands/form/fields/LazyFileField.tsx).
 */
export function FormIsland({ banners, ...props }: FormProps & { banners: ReactNode }) {
  return (
    <ServerSlotContext.Provider value={banners}>
      <ServerParts>
        <Island name="Form" component={Form} props={props} />
      </ServerParts>
    </ServerSlotContext.Provider>
  );
}

/** What the server renders of the form island that the browser's chunk leaves out or loads later (tests render it too). */
export function ServerParts({ children }: { children: ReactNode }) {
  return (
    <NoScriptPartsContext.Provider value={NO_SCRIPT_PARTS}>
      <ServerFileFieldContext.Provider value={FileField}>{children}</ServerFileFieldContext.Provider>
    </NoScriptPartsContext.Provider>
  );
}
