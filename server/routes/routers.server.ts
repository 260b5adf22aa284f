import express, { Router, type RequestHandler } from 'express';
import type { AppServices } from '../services.server.js';
import { storageFeature } from '../storage/routes.server.js';
import { documentsFeature } from '../documents/routes.server.js';
import { authFeature } from '../auth/routes.server.js';
import { authFormsFeature } from '../auth/form-posts.server.js';
import { lookupFeature } from '../lookup/router.server.js';
import { applicationFeature } from '../application/routes.server.js';
import { serviceFeature } from '../service/routes.server.js';
import { prefillFeature } from '../prefill/routes.server.js';
import { pdfFeature } from '../pdf/routes.server.js';
import { receiptFeature } from '../receipts/routes.server.js';
import { staffFeature } from '../staff/routes.server.js';
import { integrationFeature } from '../integration/routes.server.js';
import { formPostFeature } from '../form-post/routes.server.js';
import { afterSubmissionFeature } from '../after-submission/routes.server.js';
import { afterSubmissionIntegrationFeature } from '../after-submission/integration-routes.server.js';

/** JSON bodies are small: the largest is a whole answers object. */
export const JSON_LIMIT = '256kb';

export interface Mounts {
  /** /api: logged-in student calls (JSON parsed). */
  api: Router;
  /** /public: account and temporary-answer calls (JSON parsed). */
  pub: Router;
  /** /service: staff read-only calls. */
  service: Router;
  /** /lookup: autocomplete. */
  lookup: Router;
  /** Routes outside the four prefixes (e.g. the embedded object store's upload target); no body parsing. */
  root: Router;
}

/** A feature adds its routes to the mounts. Register it in FEATURES below (one line each). */
export type Feature = (mounts: Mounts, services: AppServices) => void;

const FEATURES: Feature[] = [
  authFeature,
  authFormsFeature,
  storageFeature,
  documentsFeature,
  lookupFeature,
  applicationFeature,
  serviceFeature,
  prefillFeature,
  pdfFeature,
  receiptFeature,
  staffFeature,
  integrationFeature,
  afterSubmissionIntegrationFeature,
  afterSubmissionFeature,
  formPostFeature,
];

export function apiRouters(services: AppServices): Array<[string, Router]> {
  const json: RequestHandler = express.json({ limit: JSON_LIMIT, strict: true, type: ['application/json', 'application/*+json'] });
  const mounts: Mounts = { api: Router(), pub: Router(), service: Router(), lookup: Router(), root: Router() };
  mounts.api.use(json);
  mounts.pub.use(json);
  mounts.service.use(json);
  for (const feature of FEATURES) feature(mounts, services);
  return [
    ['/api', mounts.api],
    ['/public', mounts.pub],
    ['/service', mounts.service],
    ['/lookup', mounts.lookup],
    ['/', mounts.root],
  ];
}
