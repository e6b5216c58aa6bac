// Retry Lab script mount: fills every [data-retry-lab] element (see README, "Embedding").
// Each lesson group has its own module (dist/, dist/lesson-000-ids/, dist/lesson-001/, dist/lesson-003/, dist/lesson-004/, dist/lesson-004-streams/): this
// loads only the ones the page's labs need, each mounting its own labs.
const here = new URL('./', import.meta.url);
// Which page holds each experiment and preset not on the root page (the
// registry's GROUPS; tests/registry.rs keeps the two equal).
const GROUP_OF = {
  uuid5: 'lesson-000-ids/', 'double-publication': 'lesson-000-ids/',
  publish: 'lesson-001/', 'publish-twice': 'lesson-001/', 'publish-twice-failing': 'lesson-001/',
  cursor: 'lesson-001/', 'cursor-lost': 'lesson-001/', 'cursor-crash': 'lesson-001/', dedup: 'lesson-001/',
  'dedup-record': 'lesson-001/', 'unique-constraint': 'lesson-001/', ttl: 'lesson-001/', 'ttl-300': 'lesson-001/',
  'ttl-schedule': 'lesson-001/',
  storm: 'lesson-003/', 'storm-overloaded': 'lesson-003/', 'retry-budget': 'lesson-003/', breaker: 'lesson-003/',
  timeouts: 'lesson-003/', 'shared-pool': 'lesson-003/', bulkheads: 'lesson-003/', 'short-timeout': 'lesson-003/',
  backpressure: 'lesson-003/', 'drop-oldest': 'lesson-003/', 'slow-producer': 'lesson-003/',
  ack: 'lesson-004/', 'lesson-004': 'lesson-004/', 'broker-duplicates': 'lesson-004/', visibility: 'lesson-004/', 'visibility-sqs': 'lesson-004/',
  'exercise-5': 'lesson-004/', 'exercise-5-rule': 'lesson-004/', 'pubsub-10s': 'lesson-004/', heartbeat: 'lesson-004/',
  'long-deadline': 'lesson-004/', 'exercise-8-hang': 'lesson-004/', 'exercise-8-crash': 'lesson-004/',
  workers: 'lesson-004/', 'competing-consumers': 'lesson-004/', 'pdf-pages': 'lesson-004/', 'restart-in-memory': 'lesson-004/',
  'restart-broker': 'lesson-004/', dlq: 'lesson-004/', 'dlq-redrive': 'lesson-004/', 'redrive-before-fix': 'lesson-004/',
  'mark-failed': 'lesson-004/', 'no-dlq': 'lesson-004/', 'dlq-retention': 'lesson-004/',
  partitions: 'lesson-004-streams/', groups: 'lesson-004-streams/', fraud: 'lesson-004-streams/',
  lag: 'lesson-004-streams/', capacity: 'lesson-004-streams/', 'lesson-004-keys': 'lesson-004-streams/',
  'exercise-9-resize': 'lesson-004-streams/', 'lesson-004-groups': 'lesson-004-streams/',
  'exercise-3': 'lesson-004-streams/', 'idle-consumer': 'lesson-004-streams/',
  'kill-consumer': 'lesson-004-streams/', 'commit-first': 'lesson-004-streams/',
  'auto-commit': 'lesson-004-streams/', 'head-of-line': 'lesson-004-streams/',
  'exercise-10': 'lesson-004-streams/', 'exercise-10-late': 'lesson-004-streams/', 'exercise-9a': 'lesson-004-streams/',
  'exercise-9b': 'lesson-004-streams/', 'more-consumers': 'lesson-004-streams/',
  'c01-peak': 'lesson-004-streams/', 'c01-day': 'lesson-004-streams/', 'exercise-4': 'lesson-004-streams/',
  'exercise-6': 'lesson-004-streams/', 'exercise-6-slow': 'lesson-004-streams/',
  'exercise-7': 'lesson-004-streams/',
};

// Every page's style.css, and each other group's own (dist/lesson-003/lesson-003.css…).
function addStyle(href) {
  if (document.querySelector(`link[data-retry-lab-style="${href}"]`)) return;
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = href;
  style.dataset.retryLabStyle = href;
  document.head.append(style);
}
addStyle(new URL('style.css', here).href);
const dirs = new Set();
for (const element of document.querySelectorAll('[data-retry-lab]:not([data-retry-lab-mounted])')) {
  const d = element.dataset;
  dirs.add(GROUP_OF[d.experiment ?? d.only ?? d.exp ?? d.preset] ?? '');
}
for (const dir of dirs) {
  if (dir) addStyle(new URL(`${dir}${dir.slice(0, -1)}.css`, here).href);
  const base = new URL(dir, here);
  const lab = await import(new URL('retry-lab-web.js', base).href);
  await lab.default({ module_or_path: new URL('retry-lab-web_bg.wasm', base) });
  lab.mount_all(base.href);
}
