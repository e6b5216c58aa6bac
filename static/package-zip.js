// The builder's packages (SCORM, H5P) as zips: text files, a fixed date, so
// the same choices give the same bytes. Loaded with a package, never with a
// learner's page; the zip library is npm fflate.
import { strToU8, zipSync } from './vendor/fflate.js';

/** A zip of `{ path: text }`. */
export function zipTexts(files) {
  const mtime = new Date('2026-01-01T00:00:00Z');
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, [strToU8(text), { mtime }]])), { level: 9 });
}
