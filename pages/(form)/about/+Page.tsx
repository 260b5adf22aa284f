import { FormShell } from '../../layouts/FormShell.js';

export function Page() {
  return (
    <FormShell current="/about">
      <h1>About You</h1>
    </FormShell>
  );
}
