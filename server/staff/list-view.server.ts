// Kept only while server/after-submission/staff-routes.server.tsx (being converted in another branch) imports
// filterQuery from here; filterQuery lives in filter.server.ts. Delete this file once nothing imports it.
export { filterQuery } from './filter.server.js';
