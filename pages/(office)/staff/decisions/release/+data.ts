import type { PageContextServer } from 'vike/types';
import type { ReleasePreviewData } from '../../../../../contracts/checklist-page-data.js';

/** The preview is what the batch release's first post computed (server/after-submission/staff-routes.server.ts); the page only lays it out. */
export function data(pageContext: PageContextServer): ReleasePreviewData {
  const preview = pageContext.releasePreview;
  if (!preview) throw new Error('the release preview rendered without its post');
  return preview;
}
