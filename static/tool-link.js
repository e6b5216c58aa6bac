// What a tool page (embed-builder.html, export.html, sweep.html) receives from the lab's
// link to it: the open experiment's link and the whole page's (`page`), the
// directory of its lesson page and the scenario's name as the learner sees
// it, each checked; the tool's keys removed from the query, which is then
// the lab's link again. What the tools show of the experiment (title, locks,
// tasks, in the page's language) comes from tool-registry.js, generated from
// the registry.
import { TOOL_EXPERIMENTS } from './tool-registry.js';
import { PAGE_OF_CODE } from './lab-registry.js';

/** Text for HTML or XML, in an element or a double-quoted attribute: what
 * every snippet, package and deck the tools write puts around a value. */
export const escapeMarkup = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Saves `text` as a file named `name`: a Blob, so nothing leaves the browser. */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function readToolLink(search) {
  const query = new URLSearchParams(search);
  const take = (key) => {
    const value = query.get(key);
    query.delete(key);
    return value;
  };
  const dirAsked = take('dir') ?? '';
  // Only a lesson page's directory: anything else is the root page.
  const dir = /^lesson-[0-9a-z-]+\/$/.test(dirAsked) ? dirAsked : '';
  const scenario = (take('scenario') ?? '').slice(0, 200);
  const pageQuery = new URLSearchParams(take('page') ?? query.toString());
  const root = new URL('./', location.href);
  const lang = query.get('lang') === 'en' ? 'en' : 'es';
  // Own properties of a Map-like object only: `__proto__` is no experiment.
  const code = query.get('only') ?? query.get('exp') ?? '';
  const known = Object.hasOwn(TOOL_EXPERIMENTS, code) ? TOOL_EXPERIMENTS[code] : null;
  const words = (list) => (list ?? []).map(([name, text]) => [name, text[lang]]);
  // The page whose module reproduces the run: the one the link's experiment
  // (or preset) belongs to, whatever `dir` says (without a valid `dir`, the
  // root's module would run its own experiment as if it were the one asked).
  const asked = query.get('only') ?? query.get('exp') ?? query.get('preset');
  const runDir = asked !== null && PAGE_OF_CODE.has(asked) ? PAGE_OF_CODE.get(asked) : dir;
  return {
    query,
    pageQuery,
    dir,
    runDir,
    scenario,
    lang,
    root,
    pageUrl: new URL(dir, root),
    title: known?.title[lang] ?? '',
    lesson: known?.lesson[lang] ?? '',
    locks: words(known?.locks),
    tasks: words(known?.tasks),
    /** Today's scenarios (code, name): the builder's deck puts one a slide. */
    presets: words(known?.presets),
    ladder: known?.ladder
      ? {
          outcomes: known.ladder.outcomes.map(([key, label, unit]) => ({ key, label: label[lang], unit })),
          axes: known.ladder.axes.map(([key, label, unit]) => ({ key, label: label[lang], unit })),
        }
      : null,
  };
}
