// The one place the page size budget is written: gzip -9 of everything one
// page fetches, in bytes, for every lesson page (the registry's GROUPS).
// The README quotes the current sizes; ./lab test enforces this.
// 200,000 B since scenes on one clock came in (motion is worth more to a
// learner than 30 KB; still under the 215 KB of the best essay on retries).
export const GZIP_BUDGET_BYTES = 200_000;
// Every lesson page, from the registry (lab-registry.js is generated from it).
export { PAGES as ENTRIES } from '../../static/lab-registry.js';
