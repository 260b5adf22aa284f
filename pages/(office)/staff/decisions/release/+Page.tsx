import { useData } from '../../../../page-context.js';
import type { ReleasePreviewData } from '../../../../../contracts/checklist-page-data.js';
import { StaffLayout } from '../../StaffLayout.js';

/** "Release 3 decisions: 2 admit, 1 deny": only the button, carrying the digest of exactly that set, releases. */
export function Page() {
  const page = useData<ReleasePreviewData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <p role="status">{page.count ? `${page.sentence}.` : page.sentence}</p>
      {page.count ? (
        <form method="post" action={page.action}>
          <input type="hidden" name="confirm" value={page.digest} />
          <button type="submit">{`Yes, ${page.sentence.charAt(0).toLowerCase()}${page.sentence.slice(1)}`}</button>
        </form>
      ) : null}
      <p>
        <a href={page.backHref}>{page.count ? 'Back to the list without releasing' : 'Back to the list'}</a>
      </p>
    </StaffLayout>
  );
}
