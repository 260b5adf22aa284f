// typescript-eslint, resolved from this folder so that it parses with this folder's TypeScript 6 (see package.json).
export { default } from 'typescript-eslint';
