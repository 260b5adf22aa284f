import { FormShell } from '../../layouts/FormShell.js';

export function Page() {
  return (
    <FormShell current="/final-steps">
      <h1>Final Steps</h1>
    </FormShell>
  );
}
