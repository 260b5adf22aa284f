import { hydrateIslands } from '../../islands/hydrate.js';

// The list and the removal are plain HTML; adding a passkey (WebAuthn) and the shell's islands need scripts.
hydrateIslands();
