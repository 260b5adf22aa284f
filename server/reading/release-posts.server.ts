import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { officeRequest } from '../office-page.server.js';
import { confirmRelease, previewRelease, type ReleasePreview } from '../../domain/reading/releases.server.js';
import { cancelBatch, removeFromBatch, scheduleRelease } from '../../domain/reading/release-batches.server.js';
import { instantInZone } from '../../domain/reading/local-date-time.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { sendPage } from '../render.server.js';
import { audit } from '../staff/audit.server.js';
import { actorOfRequest, field, fields, isUuid, refuse } from './common.server.js';
import { RELEASES_PATH, type ReleaseState } from './releases-page.server.js';

async function show(services: AppServices, req: Request, res: Response, releaseState: ReleaseState, status: number): Promise<void> {
  const office = officeRequest(services, req, res);
  await sendPage(services, req, res, RELEASES_PATH, { office, releaseState }, status);
}

const shown = (p: ReleasePreview) => ({ sentence: p.sentence, ids: p.ids, digest: p.digest, count: p.ids.length });

/**
 * The release POSTs (leads). Nothing is released without the preview's digest (confirmRelease, scheduleRelease
 * check it), and a remove or cancel first answers with a step asking to confirm it (`confirm=yes` then does it).
 */
export function releaseHandlers(services: AppServices) {
  const back = { href: RELEASES_PATH, label: 'Back to the releases' };
  const guarded =
    (handler: (req: Request, res: Response) => Promise<void>, title: string): RequestHandler =>
    async (req, res) => {
      try {
        await handler(req, res);
      } catch (err) {
        await refuse(services, req, res, err, title, back);
      }
    };

  const preview = guarded(async (req, res) => {
    const ids = fields(req.body, 'application');
    if (ids.length === 0) return show(services, req, res, { error: 'Choose at least one application to release.' }, 400);
    const p = await previewRelease(services, ids);
    await audit(services, req, res, 'release-preview', { detail: { ids: p.ids, counts: p.counts } });
    await show(services, req, res, { preview: shown(p) }, 200);
  }, 'Nothing to release');

  /** A stale confirmation shows the new summary to confirm again (409); other refusals the desk's notice. */
  const withPreview = (run: (req: Request, res: Response, ids: string[]) => Promise<void>, title: string) =>
    guarded(async (req, res) => {
      const ids = fields(req.body, 'application');
      try {
        await run(req, res, ids);
      } catch (err) {
        if (!(err instanceof ReadingError) || (err.status !== 409 && err.status !== 400)) throw err;
        const p = await previewRelease(services, ids);
        await show(services, req, res, { preview: p.ids.length ? shown(p) : null, error: err.message }, err.status);
      }
    }, title);

  const releaseNow = withPreview(async (req, res, ids) => {
    await confirmRelease(services, actorOfRequest(req, res), ids, field(req.body, 'confirmation'));
    res.redirect(303, `${RELEASES_PATH}?done=released`);
  }, 'Nothing released');

  const schedule = withPreview(async (req, res, ids) => {
    const when = instantInZone(`${field(req.body, 'date')}T${field(req.body, 'time')}`, services.config.timeZone);
    if (!when) throw new ReadingError(400, `Give the date and the time of the release (${services.config.timeZone}).`);
    await scheduleRelease(services, actorOfRequest(req, res), ids, field(req.body, 'confirmation'), when);
    res.redirect(303, `${RELEASES_PATH}?done=scheduled`);
  }, 'Release not scheduled');

  const remove = guarded(async (req, res) => {
    const batchId = String(req.params.id);
    const userId = field(req.body, 'application');
    if (!isUuid(userId)) throw new ReadingError(404, 'That application is not in this release.');
    if (field(req.body, 'confirm') !== 'yes') return show(services, req, res, { confirm: { batchId, userId } }, 200);
    await removeFromBatch(services, actorOfRequest(req, res), batchId, userId);
    res.redirect(303, `${RELEASES_PATH}?done=removed`);
  }, 'Not removed');

  const cancel = guarded(async (req, res) => {
    const batchId = String(req.params.id);
    if (field(req.body, 'confirm') !== 'yes') return show(services, req, res, { confirm: { batchId, userId: null } }, 200);
    await cancelBatch(services, actorOfRequest(req, res), batchId);
    res.redirect(303, `${RELEASES_PATH}?done=cancelled`);
  }, 'Release not cancelled');

  return { preview, releaseNow, schedule, remove, cancel };
}
