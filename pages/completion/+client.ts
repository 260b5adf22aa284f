import { hydrateIslands } from '../../islands/hydrate.js';

// The PDF download button, the inactivity modal and the toaster.
hydrateIslands();
