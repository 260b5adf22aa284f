import { FormShell } from '../../layouts/FormShell.js';

export function Page() {
  return (
    <FormShell current="/education">
      <h1>Your Academics</h1>
    </FormShell>
  );
}
