import express, { type RequestHandler } from 'express';
import { prefix, route, type Row } from './route-rows.server.js';
import type { AppServices } from '../platform/app-services.server.js';
import { withNulCheck } from './security/no-nul.server.js';
import { ipLimit, passkeyAddLimit, visitorPostLimit } from './auth/limits.server.js';
import { authApiHandlers, resetPageHeaders } from './auth/routes.server.js';
import { authFormHandlers } from './auth/form-posts.server.js';
import { applicationHandlers } from './application/routes.server.js';
import { documentHandlers } from './documents/routes.server.js';
import { pdfHandlers } from './pdf/routes.server.js';
import { prefillHandlers } from './prefill/routes.server.js';
import { lookupHandlers } from './lookup/routes.server.js';
import { serviceHandlers } from './service/routes.server.js';
import { storageHandlers, storageJsonErrors } from './storage/routes.server.js';
import { LOCAL_UPLOAD_PATH } from '../platform/storage/local-store.server.js';
import { DOWNLOAD_PATH } from '../platform/storage/download-link.server.js';
import { receiptHandlers, RESEND_RECEIPT_PATH } from './receipts/routes.server.js';
import { formPostHandlers } from './form-post/routes.server.js';
import { uploadedHandler } from './form-post/uploaded.server.js';
import { uploadPostHandler } from './form-post/upload-post.server.js';
import { uploadPreviewHandler } from './form-post/upload-preview.server.js';
import { integrationHandlers } from './integration/routes.server.js';
import { officePage } from './office-page.server.js';
import { staffSessionMiddleware } from './staff/staff-session.server.js';
import { signInHandlers } from './staff/sign-in-routes.server.js';
import { deskHandlers } from './staff/desk-routes.server.js';
import { webhookHandlers } from './staff/webhook-routes.server.js';
import { exportHandlers } from './staff/export-routes.server.js';
import { savedViewHandlers } from './staff/saved-view-routes.server.js';
import { afterSubmissionHandlers, COUNSELOR_FORM_PATH } from './after-submission/routes.server.js';
import { afterSubmissionIntegrationHandlers } from './after-submission/integration-routes.server.js';
import { STAFF_FORM_LIMIT, staffChecklistHandlers } from './after-submission/staff-routes.server.js';
import { RELEASE_BATCH_PATH } from './after-submission/staff-labels.js';
import { requireRole } from './staff/require-role.server.js';
import { readingRoutes } from './reading/routes.server.js';
// Retention and deletion (issue 27, h27r)
import { accountHandlers } from './account/routes.server.js';
import { ACCOUNT_DATA_PATH, ACCOUNT_DELETE_PATH } from '../contracts/account.js';
import { ANSWER_PATH, SUBMIT_PATH } from '../contracts/api-paths.js';
import { deadlineRoutes } from './deadlines/routes.server.js';
import { passkeyHandlers } from './auth/passkeys/routes.server.js';
import { PASSKEY_SIGN_IN_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH } from '../contracts/passkey-sign-in.js';
import { PASSKEY_REGISTER_OPTIONS_PATH, PASSKEY_REGISTER_PATH, PASSKEY_REMOVE_PATH } from '../contracts/passkeys.js';
import { replyRoutes } from './after-submission/reply-routes.server.js';
import { recommendationApplicantHandlers } from './recommendations/applicant-routes.server.js';
import { teacherHandlers } from './recommendations/teacher-routes.server.js';
import { integrationLetter } from './recommendations/integration.server.js';
import { INVITE_PATH, WAIVER_PATH } from './recommendations/applicant-view.server.js';
import { familyRoutes } from './family/routes.server.js';

/*
 * Every URL this app answers, read top to bottom in the order Express tries them. server/app.server.ts mounts
 * this table after the cross-cutting middleware (request log, security headers, session, Origin check) and
 * before the page renderer; handlers live in their feature folders.
 *
 * Pages (vike, pages/, GET only, rendered after every route below has passed; anything else redirects to /about):
 *   /about /education /final-steps  the form (§2, §3)          /review /your-data /passkeys /family /completion /recommendations  logged-in applicant
 *   /signup /confirm /login /forgot /reset  the auth cards     /print  the PDF renderer's print layout (print ticket)
 * Before the table (server/app.server.ts): GET /healthz, GET /readyz, /assets/*, the client build's files,
 * GET /favicon.ico, and GET /metrics (Prometheus; direct loopback or METRICS_TOKEN, else 404 — issue 27).
 *
 * Guards (who may call; a refused call never reaches the handler):
 *   visitor            anyone; the handler works with or without an applicant session
 *   student            an applicant session (401 JSON with the session-invalid message otherwise)
 *   signed             anyone holding a URL or form signed by this server (the handler verifies the signature)
 *   serviceLink        the PDF renderer's print ticket in `service_token`: valid, unexpired, unused (ADR 0240)
 *   staff              a staff session still allowed by STAFF_EMAILS / STAFF_GROUP (GET → /staff/sign-in, anything
 *                      else 401); a page reached from another site (Sec-Fetch-Site) shows nothing and is not audited
 *   integrationClient  a live integration key in Authorization: Bearer (401 otherwise), within its rate limit (429)
 *   loopback           a process on this machine, not through a proxy; to anyone else the path does not exist
 *   family             a family member's read-only session (issue 39: its own cookie, which no other guard reads) whose
 *                      address an applicant still invites (GET → /family/sign-in, anything else 403)
 */

/** JSON bodies are small: the largest is a whole answers object. */
const JSON_LIMIT = '256kb';

/** The body parsers, named where routes use them; each refuses a NUL byte in what it parsed (issue 23 finding 10). */
const body = {
  json: withNulCheck(express.json({ limit: JSON_LIMIT, strict: true, type: ['application/json', 'application/*+json'] })),
  smallJson: withNulCheck(express.json({ limit: '4kb' })),
  /** An auth card posted without scripts: a handful of short fields. */
  authForm: withNulCheck(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 })),
  /** A form page posted without scripts: every answer of the page. */
  pageForm: withNulCheck(express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 2000 })),
  staffForm: withNulCheck(express.urlencoded({ extended: false, limit: STAFF_FORM_LIMIT })),
  /** The counselor's "not my student" confirmation: one small field. */
  counselorConfirm: withNulCheck(express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 2 })),
  /** /completion's counselor form: one address (a form post or JSON). */
  counselorForm: [
    withNulCheck(express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 })),
    withNulCheck(express.json({ limit: '4kb' })),
  ],
  /** The applicant's recommendation forms: a teacher's name, address and subject, or the waiver (issue 39). */
  recommendationForm: [
    withNulCheck(express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 8 })),
    withNulCheck(express.json({ limit: '4kb' })),
  ],
  /** A teacher's typed letter (20,000 characters, some of them multi-byte) or a decline's reason. */
  teacherForm: withNulCheck(express.urlencoded({ extended: false, limit: '128kb', parameterLimit: 3 })),
  /** The CRM's decision: a letter of up to 10,000 characters. */
  integrationJson: withNulCheck(express.json({ limit: '64kb', strict: true })),
};

/** Answers under this prefix are per-user and must never be kept by a shared cache. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** The route map. */
export function routeTable(s: AppServices): Row[] {
  const auth = authApiHandlers(s);
  const cards = authFormHandlers(s);
  const application = applicationHandlers(s);
  const documents = documentHandlers(s);
  const pdf = pdfHandlers(s);
  const prefill = prefillHandlers(s);
  const lookup = lookupHandlers(s);
  const service = serviceHandlers(s);
  const storage = storageHandlers(s);
  const receipts = receiptHandlers(s);
  const formPost = formPostHandlers(s);
  const integration = integrationHandlers(s);
  const signIn = signInHandlers(s);
  const desk = deskHandlers(s);
  const webhooks = webhookHandlers(s);
  const exports = exportHandlers(s);
  const views = savedViewHandlers(s);
  const after = afterSubmissionHandlers(s);
  const afterIntegration = afterSubmissionIntegrationHandlers(s);
  const office = staffChecklistHandlers(s);
  const account = accountHandlers(s); // issue 27, h27r
  const passkeys = passkeyHandlers(s); // issue 41
  const passkeyAdds = passkeyAddLimit(s);
  const recs = recommendationApplicantHandlers(s);
  const teacher = teacherHandlers(s);
  const limit = (action: Parameters<typeof ipLimit>[1]) => ipLimit(s, action);
  // Counted before the body is read: a flood of big anonymous posts costs little (issue 23 finding 4).
  const visitorPosts = visitorPostLimit(s);
  // Roles (issue 37, STAFF_ROLES): after the staff guard; a refusal is a 403 and a line in the trail.
  const lead = requireRole(s, 'lead');
  const admin = requireRole(s, 'admin');

  // The table's columns are aligned by hand, to be read down: not reflowed by the formatter.
  // prettier-ignore
  return [
    // ── /public: account calls and the prefill link (§7), JSON ─────────────────────────────────────────
    prefix('/public', noStore, body.json),
    route('POST',   '/public/signup',                         'visitor',   limit('signup'), auth.signup),
    route('POST',   '/public/confirm',                        'visitor',   limit('confirm'), auth.confirm),
    route('POST',   '/public/resend-confirm',                 'visitor',   limit('resend'), auth.resendConfirm),
    route('POST',   '/public/login',                          'visitor',   limit('login'), auth.login),
    route('POST',   '/public/forgot-password',                'visitor',   limit('forgot'), auth.forgotPassword),
    route('POST',   '/public/reset-password',                 'visitor',   limit('reset'), auth.resetPassword),
    route('GET',    '/public/tmp',                            'signed',    prefill.tmp),
    route('POST',   PASSKEY_SIGN_IN_OPTIONS_PATH,             'visitor',   limit('passkey'), passkeys.signInOptions), // /public/passkey/options
    route('POST',   PASSKEY_SIGN_IN_PATH,                     'visitor',   limit('passkey'), passkeys.signIn), // /public/passkey/sign-in

    // ── /api: the logged-in applicant (§7), JSON ───────────────────────────────────────────────────────
    prefix('/api', noStore, body.json),
    route('GET',    '/api/session',                           'student',   auth.session),
    route('POST',   '/api/logout',                            'student',   auth.logout),
    route('GET',    '/api/logout',                            'student',   auth.logoutByGet), // same-origin fetch only (ADR 0230)
    route('POST',   PASSKEY_REGISTER_OPTIONS_PATH,            'student',   passkeyAdds, passkeys.registrationOptions), // issue 41
    route('POST',   PASSKEY_REGISTER_PATH,                    'student',   passkeyAdds, passkeys.register), // /api/passkeys
    route('GET',    '/api/profile',                           'student',   application.profile),
    route('PUT',    ANSWER_PATH,                              'student',   application.saveAnswers),
    route('PUT',    '/api/last-page',                         'student',   application.lastPage),
    route('POST',   '/api/web-status',                        'student',   application.webStatus),
    route('POST',   '/api/validations',                       'student',   application.recordValidations),
    route('DELETE', '/api/validations',                       'student',   application.clearValidations),
    route('GET',    '/api/add-another',                       'student',   application.addAnother),
    route('PUT',    '/api/add-another',                       'student',   application.setAddAnotherCount),
    route('GET',    '/api/tabs',                              'student',   application.tabs),
    route('PUT',    '/api/tabs',                              'student',   application.chooseTab),
    route('POST',   SUBMIT_PATH,                              'student',   application.submit),
    route('GET',    '/api/pdf',                               'student',   pdf.applicationPdf),
    route('POST',   '/api/presigned-url',                     'student',   documents.presign),
    route('GET',    '/api/document-answer',                   'student',   documents.list),
    route('DELETE', '/api/document-answer/:key',              'student',   documents.remove),
    route('POST',   '/api/pdf/document-answer/:key',          'student',   documents.convert),
    route('GET',    '/api/pdf/document-answer/:key',          'student',   documents.conversion),
    route('DELETE', '/api/pdf/document-answer/:key',          'student',   documents.removeConversion),

    // ── /service: the print data for the PDF renderer's single-use ticket (§7, ADR 0240), JSON ──────────
    prefix('/service', noStore, body.json),
    route('GET',    '/service/tmp-pdf',                       'serviceLink', service.tmpPdf),

    // ── /lookup: school and address autocomplete (§4, §7); public and cacheable ────────────────────────
    route('GET',    '/lookup/find',                           'visitor',   lookup.rateLimit, lookup.find),
    route('POST',   '/lookup/admin/import',                   'loopback',  lookup.adminImport),

    // ── /integration: the CRM's feed (ADR 0170), JSON ──────────────────────────────────────────────────
    route('POST',   '/integration/admin/clients',             'loopback',  body.smallJson, integration.adminClients),
    route('GET',    '/integration/v1/applications',           'integrationClient', integration.feed),
    route('GET',    '/integration/v1/applications/:id/pdf',   'integrationClient', integration.applicationPdf),
    route('GET',    '/integration/v1/applications/:id/recommendations/:rid/letter', 'integrationClient', integrationLetter(s)),
    route('PUT',    '/integration/v1/applications/:reference/checklist/transcript', 'integrationClient', body.integrationJson, afterIntegration.transcript),
    route('PUT',    '/integration/v1/applications/:reference/decision', 'integrationClient', body.integrationJson, afterIntegration.decision),

    // ── Plain HTML form posts at the pages' own URLs (no JavaScript needed, DESIGN §6) ─────────────────
    route('GET',    '/reset',                                 'visitor',   resetPageHeaders), // then the page renders
    route('POST',   '/signup',                                'visitor',   body.authForm, cards.signup),
    route('POST',   '/confirm',                               'visitor',   body.authForm, cards.confirm),
    route('POST',   '/login',                                 'visitor',   body.authForm, cards.login),
    route('POST',   '/forgot',                                'visitor',   body.authForm, cards.forgot),
    route('POST',   '/reset',                                 'visitor',   body.authForm, cards.reset),
    route('POST',   '/logout',                                'visitor',   cards.logout),
    route('POST',   '/about',                                 'visitor',   visitorPosts, body.pageForm, formPost.page('about')),
    route('POST',   '/education',                             'visitor',   visitorPosts, body.pageForm, formPost.page('education')),
    route('POST',   '/final-steps',                           'visitor',   visitorPosts, body.pageForm, formPost.page('final-steps')),
    route('POST',   '/kept-answers/clear',                    'visitor',   body.authForm, formPost.clearKept), // "Not you?" (KEPT_CLEAR_PATH)
    route('POST',   RESEND_RECEIPT_PATH,                      'student',   receipts.resend), // /completion/resend-receipt
    route('POST',   COUNSELOR_FORM_PATH,                      'student',   ...body.counselorForm, after.counselorForm), // /completion/counselor

    // ── The applicant's own data (issue 27): delete an unsubmitted application and account, download it all ──
    route('POST',   ACCOUNT_DELETE_PATH,                      'visitor',   noStore, body.authForm, account.remove), // /account/delete; no session → /login
    route('GET',    ACCOUNT_DATA_PATH,                        'student',   noStore, account.download), // /account/data.zip
    route('POST',   PASSKEY_REMOVE_PATH,                      'visitor',   noStore, body.authForm, passkeys.remove), // /passkeys/remove; no session → /login

    // ── Family access (issue 39): the applicant invites and removes; family sign in with a code and read the status ──
    ...familyRoutes(s), // /family/invite, /family/remove, /family/sign-in, /family/sign-in/code, /family/status, /family/sign-out

    // ── The counselor's transcript upload (issue 25): no account, the link's token is the key ──────────
    route('GET',    '/counselor/:token',                      'signed',    after.counselorPage),
    route('POST',   '/counselor/:token',                      'signed',    after.counselorUpload), // multipart, parsed by the handler
    route('POST',   '/counselor/:token/not-my-student',       'signed',    body.counselorConfirm, after.notMyStudent),

    // ── Teacher recommendations (issue 39): the applicant's forms, and the teacher's link (no account) ──
    route('POST',   INVITE_PATH,                              'student',   ...body.recommendationForm, recs.invite), // /recommendations/teacher
    route('POST',   WAIVER_PATH,                              'student',   ...body.recommendationForm, recs.waiver), // /recommendations/waiver
    route('GET',    '/recommend/:token',                      'signed',    teacher.page),
    route('POST',   '/recommend/:token',                      'signed',    teacher.file), // multipart, parsed by the handler
    route('POST',   '/recommend/:token/text',                 'signed',    body.teacherForm, teacher.text),
    route('POST',   '/recommend/:token/decline',              'signed',    body.teacherForm, teacher.decline),

    // ── Files: the embedded store's upload target (S3's part), downloads, uploads without scripts ──────
    ...(s.storage.kind === 'local'
      ? [route('POST', LOCAL_UPLOAD_PATH,                     'signed',    storage.uploadBody, storage.localUpload, storageJsonErrors)] // /local-store/upload
      : []),
    route('GET',    DOWNLOAD_PATH,                            'signed',    storage.download, storageJsonErrors), // /files/download
    route('GET',    '/uploaded/:key',                         'visitor',   uploadedHandler(s)),
    // Without scripts a file posts through this app, whatever the store (multipart, parsed by the handler; issue 38).
    route('POST',   '/upload/:key',                           'visitor',   uploadPostHandler(s)), // no session → /login
    route('GET',    '/upload/:key/preview',                   'student',   noStore, uploadPreviewHandler(s)),

    // ── /staff: the staff desk (ADR 0170): office pages (pages/(office)/staff, ADR 0320), POST handlers ──
    prefix('/staff', noStore, body.staffForm, staffSessionMiddleware(s)),
    route('GET',    '/staff/sign-in',                         'visitor',   officePage(s)),
    route('GET',    '/staff/oidc/start',                      'visitor',   signIn.oidcStart),
    route('GET',    '/staff/oidc/callback',                   'visitor',   signIn.oidcCallback),
    route('GET',    '/staff/link',                            'visitor',   signIn.checkLink, officePage(s)),
    route('POST',   '/staff/link',                            'visitor',   signIn.redeemLink),
    route('POST',   '/staff/sign-out',                        'visitor',   signIn.signOut),
    route('GET',    '/staff',                                 'staff',     officePage(s)),
    route('POST',   '/staff/views',                           'staff',     views.save), // a saved view of the list's filters
    route('POST',   '/staff/views/:id/delete',                'staff',     views.remove),
    route('GET',    '/staff/export.csv',                      'staff',     desk.exportCsvBookmark), // → the list with its filters
    route('POST',   '/staff/export.csv',                      'staff',     desk.exportCsv),
    route('GET',    '/staff/applications/:id',                'staff',     officePage(s)),
    route('GET',    '/staff/applications/:id/view',           'staff',     desk.view), // old bookmarks → /staff/applications/:id
    route('GET',    '/staff/applications/:id/documents/:key', 'staff',     desk.document),
    route('GET',    '/staff/applications/:id/pdf',            'staff',     desk.pdf),
    route('GET',    '/staff/audit',                           'staff',     admin, officePage(s)),
    ...deadlineRoutes(s), // /staff/deadlines (a lead extends a round), /deadline-reminders/stop/:token (issue 40)
    route('GET',    '/staff/applications/:id/checklist',      'staff',     officePage(s)),
    route('POST',   '/staff/applications/:id/transcript',     'staff',     office.transcript),
    route('POST',   '/staff/applications/:id/transcript/reject', 'staff',  office.reject),
    route('POST',   '/staff/applications/:id/counselor-request', 'staff',  office.resend),
    route('POST',   '/staff/applications/:id/decision',       'staff',     lead, office.decision),
    route('POST',   '/staff/applications/:id/release',        'staff',     lead, office.release),
    route('POST',   RELEASE_BATCH_PATH,                       'staff',     lead, office.releaseBatch), // /staff/decisions/release
    ...readingRoutes(s), // /staff/queue, /staff/reading, /staff/committee, /staff/letters, /staff/releases (issue 37)
    ...replyRoutes(s), // /completion/reply, /completion/deposit-waiver, /staff/applications/:id/reply (issue 39)
    route('GET',    '/staff/webhooks',                        'staff',     officePage(s)),
    route('POST',   '/staff/webhooks/:id/retry',              'staff',     webhooks.retry),
    route('POST',   '/staff/exports',                         'staff',     exports.start),
    route('GET',    '/staff/exports',                         'staff',     officePage(s)),
    route('GET',    '/staff/exports/:id',                     'staff',     officePage(s)),
    route('GET',    '/staff/exports/:id/download',            'staff',     exports.download),
  ];
}
