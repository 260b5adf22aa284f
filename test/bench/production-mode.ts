/**
 * Imported first by test/bench/run.ts, before anything that loads React: the bench measures what `npm start`
 * serves, and React picks its production or development build from NODE_ENV when first loaded (see
 * runLibrariesInProductionMode in platform/config.server.ts), before the configuration is read.
 */
process.env.NODE_ENV = 'production';
