// The sweep's work, off the page's main thread: sweep.html starts this
// worker, which loads the lesson group's export module (the page no longer
// does) and steps its `Sweeper` a run at a time, yielding between slices so
// that a newer request (any change on the page) ends the one under way.
// Messages in: { id, dir, link, axis, seeds }. Out: { id, type: 'progress',
// done, total, estimate } (estimate: the sweep's work in words) | { id, type: 'done', report, csv } (the report as
// `retry-lab sweep --json` writes it) | { id, type: 'refused', message }
// (the module's words) | { type: 'failed', message }.

/** A slice of runs between two looks at the mailbox. */
const SLICE_MS = 12;
const modules = new Map();
let latest = 0;

async function moduleFor(dir) {
  // Only a lesson page's directory, as the tools accept it.
  const safe = /^(lesson-[0-9a-z-]+\/)?$/.test(dir) ? dir : '';
  if (!modules.has(safe)) {
    const base = new URL(`${safe}export/`, new URL('./', self.location.href));
    modules.set(
      safe,
      import(new URL('retry-lab-export.js', base).href).then(async (module) => {
        await module.default({ module_or_path: new URL('retry-lab-export_bg.wasm', base) });
        return module;
      }),
    );
  }
  return modules.get(safe);
}

const yieldToMailbox = () => new Promise((resolve) => setTimeout(resolve, 0));

async function sweep({ id, dir, link, axis, seeds }) {
  let module;
  try {
    module = await moduleFor(dir);
  } catch (error) {
    self.postMessage({ type: 'failed', message: String(error) });
    return;
  }
  if (id !== latest) return;
  let sweeper;
  try {
    sweeper = new module.Sweeper(link, axis, seeds);
  } catch (refusal) {
    self.postMessage({ id, type: 'refused', message: String(refusal) });
    return;
  }
  try {
    const total = sweeper.total();
    const estimate = sweeper.estimate();
    self.postMessage({ id, type: 'progress', done: 0, total, estimate });
    while (sweeper.done() < total) {
      const sliceStart = performance.now();
      while (performance.now() - sliceStart < SLICE_MS && sweeper.step());
      self.postMessage({ id, type: 'progress', done: sweeper.done(), total, estimate });
      await yieldToMailbox();
      if (id !== latest) return;
    }
    self.postMessage({ id, type: 'done', report: sweeper.report(), csv: sweeper.csv() });
  } finally {
    sweeper.free();
  }
}

self.addEventListener('message', ({ data }) => {
  latest = data.id;
  sweep(data);
});
