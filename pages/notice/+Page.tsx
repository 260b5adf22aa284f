import { useData } from '../page-context.js';
import type { NoticePageData } from '../../contracts/notice-page-data.js';
import { GenericError } from '../../views/pages/GenericError.js';
import { NoticePage } from '../../views/pages/NoticePage.js';

export function Page() {
  const notice = useData<NoticePageData>()!;
  return notice.kind === 'generic-error' ? (
    <GenericError />
  ) : (
    <NoticePage heading={notice.title} message={notice.message} link={notice.link} action={notice.action} />
  );
}
