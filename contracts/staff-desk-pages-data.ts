import type { OfficePageBase } from './office-page-data.js';

/** GET /staff/webhooks (server/staff/webhooks-page.server.ts). */
export interface WebhooksPageData extends OfficePageBase {
  notice: string | null;
  configured: boolean;
  rows: Array<{
    id: string;
    event: string;
    application: string;
    state: string;
    attempts: number;
    lastAttempt: string;
    lastError: string;
    retryHref: string | null;
  }>;
}

export interface ExportRowData {
  id: string;
  requested: string;
  by: string;
  filterHref: string;
  filterText: string;
  state: string;
  /** The download once ready, else the progress page. */
  href: string;
  linkText: string;
}

/** GET /staff/exports (server/staff/exports-page.server.ts). */
export interface ExportsPageData extends OfficePageBase {
  rows: ExportRowData[];
}

/** GET /staff/exports/:id; `found: false` is its 404. */
export type ExportPageData =
  | (OfficePageBase & { found: false })
  | (OfficePageBase & { found: true; progress: string; downloadHref: string | null; reloadHref: string });

/** GET /staff/sign-in and GET /staff/link (server/staff/sign-in-page.server.ts). */
export interface SignInPageData extends OfficePageBase {
  /** The identity provider's start, when one is configured. */
  providerHref: string | null;
  /** A valid one-time link's token, for the button that redeems it. */
  linkToken: string | null;
}

/** A staff page opened from another site (server/staff/cross-site.server.ts). */
export interface CrossSiteData extends OfficePageBase {
  url: string;
}
