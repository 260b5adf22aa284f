import { GenericError } from '../../views/pages/GenericError.js';

export function Page() {
  return <GenericError />;
}
