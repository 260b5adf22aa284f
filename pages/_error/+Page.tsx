import { GenericError } from '../GenericError.js';

export function Page() {
  return <GenericError />;
}
