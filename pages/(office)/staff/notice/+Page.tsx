import { useData } from '../../../page-context.js';
import type { StaffNoticeData } from '../../../../contracts/office-page-data.js';
import { StaffLayout } from '../StaffLayout.js';

export function Page() {
  const notice = useData<StaffNoticeData>()!;
  const links = notice.links ?? (notice.staffEmail ? [{ href: '/staff', label: 'Back to the applications' }] : []);
  return (
    <StaffLayout title={notice.title} staffEmail={notice.staffEmail}>
      <p>{notice.message}</p>
      {links.length > 0 ? (
        <p>
          {links.map((link, i) => (
            <span key={link.href}>
              {i > 0 ? ' · ' : ''}
              <a href={link.href}>{link.label}</a>
            </span>
          ))}
        </p>
      ) : null}
    </StaffLayout>
  );
}
