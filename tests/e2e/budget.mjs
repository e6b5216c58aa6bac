// The one place the page size budget is written: gzip -9 of everything one
// page fetches, in bytes, for every lesson page (the registry's GROUPS).
// The README quotes the current sizes; ./lab test enforces this.
export const GZIP_BUDGET_BYTES = 170_000;
// Every lesson page, from the registry (lab-registry.js is generated from it).
export { PAGES as ENTRIES } from '../../static/lab-registry.js';
