import { loadConfigOrExit } from './config.server.js';

const config = loadConfigOrExit();
// `npm start` serves the production build. React picks its production or development build from NODE_ENV when it
// is first loaded, and its development build renders a form page several times slower; the configuration's
// NODE_ENV defaults to development so that a fresh clone starts without secrets. So libraries run in production
// mode whatever the configuration says, except under tests, which keep React's development warnings. Everything
// that may load React is imported only after this line.
if (config.nodeEnv !== 'test') process.env.NODE_ENV = 'production';
const { serve } = await import('./serve.server.js');
await serve(config);
