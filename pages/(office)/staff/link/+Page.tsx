import { useData } from '../../../page-context.js';
import type { SignInPageData } from '../../../../contracts/staff-desk-pages-data.js';
import { SignIn } from '../SignIn.js';

export function Page() {
  return <SignIn page={useData<SignInPageData>()!} />;
}
