import { hydrateIslands } from '../../islands/hydrate.js';

/**
 * The form island brings React and the form definition. It hydrates in idle time after the page has loaded,
 * before the visitor reaches for a field (or at once if they do first: clicks are replayed, and values typed
 * meanwhile are picked up by the island), so the first click and keystroke find it live. Answers kept in this
 * tab and a #question to focus are applied once it has hydrated.
 */
hydrateIslands();
