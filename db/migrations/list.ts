import type { Knex } from 'knex';
import * as m001 from './001_foundation.js';
import * as m010 from './010_accounts.js';
import * as m020 from './020_lookup.js';
import * as m030 from './030_documents.js';
import * as m040 from './040_applications.js';
import * as m050 from './050_service_links.js';
import * as m060 from './060_application_pdfs.js';
import * as m080 from './080_receipts.js';
import * as m090 from './090_staff_desk.js';
import * as m095 from './095_kept_answers.js';
import * as m096 from './096_kept_answers_owner.js';
import * as m097 from './097_lookup_placeholders.js';
import * as m098 from './098_staff_trust.js';
import * as m100 from './100_after_submission.js';
import * as m101 from './101_audit_by_application.js';
import * as m110 from './110_counselor_rejection.js';
import * as m120 from './120_sealed_idp_tokens.js';
import * as m125 from './125_retention.js';
import * as m130 from './130_reading.js';
import * as m140 from './140_staff_saved_views.js';
import * as m150 from './150_deadlines.js';
import * as m160 from './160_recommendations.js';
import * as m170 from './170_replies.js';
import * as m180 from './180_family_access.js';
import * as m190 from './190_passkeys.js';
import * as m200 from './200_account_language.js';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed statically (not read from the folder) so the same list works
 * under tsx, jest and a bundled build. Append new migrations; never rename or reorder applied ones.
 */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['001_foundation', m001],
  ['010_accounts', m010],
  ['020_lookup', m020],
  ['030_documents', m030],
  ['040_applications', m040],
  ['050_service_links', m050],
  ['060_application_pdfs', m060],
  ['080_receipts', m080],
  ['090_staff_desk', m090],
  ['095_kept_answers', m095],
  ['096_kept_answers_owner', m096],
  ['097_lookup_placeholders', m097],
  ['098_staff_trust', m098],
  ['100_after_submission', m100],
  ['101_audit_by_application', m101],
  ['110_counselor_rejection', m110],
  ['120_sealed_idp_tokens', m120],
  ['125_retention', m125],
  ['130_reading', m130],
  ['140_staff_saved_views', m140],
  ['150_deadlines', m150],
  ['160_recommendations', m160],
  ['170_replies', m170],
  ['180_family_access', m180],
  ['190_passkeys', m190],
  ['200_account_language', m200],
];
