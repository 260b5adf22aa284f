import express, { Router } from 'express';
import type { AppServices } from '../services.server.js';

/** JSON bodies are small: the largest is a whole answers object. */
export const JSON_LIMIT = '256kb';

/**
 * The JSON API of §7, mounted by prefix. Each feature adds its router here; the body parser is
 * applied per router so that the embedded object store's multipart endpoint is not parsed as JSON.
 */
export function apiRouters(services: AppServices): Array<[string, Router]> {
  const json = express.json({ limit: JSON_LIMIT, strict: true, type: ['application/json', 'application/*+json'] });
  const api = Router();
  api.use(json);
  const pub = Router();
  pub.use(json);
  void services;
  return [
    ['/api', api],
    ['/public', pub],
  ];
}
