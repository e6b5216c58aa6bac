// `./lab serve`: the release build in dist/ (both lesson pages) on loopback,
// gzip-compressed as a static host would serve it. Ctrl-C stops it.
import { serve } from './e2e/harness.mjs';

const port = Number(process.argv[2] ?? 8080);
const server = await serve(undefined, '/', { port, gzip: true });
console.log(
  `Retry Lab: ${server.base} (lesson 000), lesson-000-ids/, lesson-001/, lesson-003/, lesson-003-actions/, lesson-004/, lesson-004-streams/ and lesson-004-ops/ beside it`,
);
