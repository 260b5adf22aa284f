import { FormRoute } from '../../form-components/FormRoute.js';

export function Page() {
  return <FormRoute page="education" />;
}
