// Retry Lab script mount: fills every [data-retry-lab] element (see README, "Embedding").
// Each lesson group has its own module (dist/ and dist/lesson-004/): this
// loads only the ones the page's labs need, each mounting its own labs.
const here = new URL('./', import.meta.url);
// Which page holds each experiment and preset not on the root page (the
// registry's GROUPS; tests/registry.rs keeps the two equal).
const GROUP_OF = { ack: 'lesson-004/', 'lesson-004': 'lesson-004/' };

if (!document.querySelector('link[data-retry-lab-style]')) {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('style.css', here).href;
  style.dataset.retryLabStyle = '';
  document.head.append(style);
}
const dirs = new Set();
for (const element of document.querySelectorAll('[data-retry-lab]:not([data-retry-lab-mounted])')) {
  const d = element.dataset;
  dirs.add(GROUP_OF[d.experiment ?? d.only ?? d.exp ?? d.preset] ?? '');
}
for (const dir of dirs) {
  const base = new URL(dir, here);
  const lab = await import(new URL('retry-lab-web.js', base).href);
  await lab.default({ module_or_path: new URL('retry-lab-web_bg.wasm', base) });
  lab.mount_all(base.href);
}
