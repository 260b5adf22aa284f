import type { SignInPageData } from '../../../contracts/staff-desk-pages-data.js';
import { StaffLayout } from './StaffLayout.js';

/** The sign-in page and the one-time link's page: a provider's button, a link's button, or how to get a link. */
export function SignIn({ page }: { page: SignInPageData }) {
  let body;
  if (page.linkToken !== null) {
    body = (
      <form method="post" action="/staff/link">
        <input type="hidden" name="token" value={page.linkToken} />
        <button type="submit">Sign in to the staff desk</button>
      </form>
    );
  } else if (page.providerHref) {
    // A link, not a form: CSP form-action 'self' would stop a form's redirect to the provider.
    body = (
      <p>
        <a className="button" href={page.providerHref}>
          Sign in with your university account
        </a>
      </p>
    );
  } else {
    body = (
      <p>
        Ask an administrator for a one-time sign-in link (<code>npm run staff-link -- your-address@university.edu</code>). A link works
        once, for 15 minutes.
      </p>
    );
  }
  return (
    <StaffLayout title={page.title} staffEmail={null}>
      {body}
    </StaffLayout>
  );
}
