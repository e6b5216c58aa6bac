// The one place the page size budget is written: gzip -9 of everything one
// page fetches, in bytes, for every lesson page (the registry's GROUPS).
// The README quotes the current sizes; ./lab test enforces this.
// 200,000 B since scenes on one clock came in (motion is worth more to a
// learner than 30 KB; still under the 215 KB of the best essay on retries).
export const GZIP_BUDGET_BYTES = 200_000;
// Every lesson page, from the registry (lab-registry.js is generated from it).
export { PAGES as ENTRIES } from '../../static/lab-registry.js';
// Text styles (size × weight × family × slant) one page's first view draws
// at Lighthouse's phone width: Chromium looks each up at its first layout,
// on Linux with a synchronous call to the browser, so the learner's first
// layout grows with the type scale. The pages drew 16–23 before one scale.
export const TEXT_STYLES_BUDGET = 14;
