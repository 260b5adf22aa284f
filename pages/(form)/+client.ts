import { hydrateIslands } from '../../islands/hydrate.js';

hydrateIslands();
