import { hydrateIslands } from '../../islands/hydrate.js';

// The page itself needs no JavaScript; the shell's account popover, inactivity modal and toaster do.
hydrateIslands();
