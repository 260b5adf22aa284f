import type { PageBody } from './page-context.server.js';

/** A page as sent: status, headers and the whole document. */
export interface RenderedResponse {
  statusCode: number;
  headers: [string, string][];
  body: string;
}

/** What a render through vike returns beside the response: the document with its marks, to learn a shell from. */
export interface VikeRender extends RenderedResponse {
  failed: boolean;
  /** vike's document with the body and head marks still in it (pages/+onRenderHtml.tsx). */
  document: string;
  pageBody?: PageBody;
  /** The page's own headers (vike's), without those this request's hooks added (pageContext.responseHeaders). */
  pageHeaders: [string, string][];
}

/** The document with the page's parts in place of their marks (see pages/+onRenderHtml.tsx). */
export function withPageBody(documentHtml: string, pageBody: Omit<PageBody, 'render'> | undefined): string {
  if (!pageBody) return documentHtml;
  let out = documentHtml;
  for (const [mark, html] of [
    [pageBody.headMark, pageBody.head],
    [pageBody.bodyMark, pageBody.html],
  ] as const) {
    const at = out.indexOf(mark);
    if (at !== -1) out = out.slice(0, at) + html + out.slice(at + mark.length);
  }
  return out;
}
