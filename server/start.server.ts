import { loadConfigOrExit, runLibrariesInProductionMode } from '../platform/config.server.js';

const config = loadConfigOrExit();
runLibrariesInProductionMode(config);
// Everything that may load React is imported only after this line.
const { serve } = await import('./serve.server.js');
await serve(config);
