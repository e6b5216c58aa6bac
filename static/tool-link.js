// What a tool page (embed-builder.html, export.html, sweep.html) receives from the lab's
// link to it: the open experiment's link and the whole page's (`page`), the
// directory of its lesson page and the scenario's name as the learner sees
// it, each checked; the tool's keys removed from the query, which is then
// the lab's link again. What the tools show of the experiment (title, locks,
// tasks, in the page's language) comes from tool-registry.js, generated from
// the registry.
import { TOOL_EXPERIMENTS } from './tool-registry.js';

export function readToolLink(search) {
  const query = new URLSearchParams(search);
  const take = (key) => { const value = query.get(key); query.delete(key); return value; };
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
  return {
    query, pageQuery, dir, scenario, lang, root, pageUrl: new URL(dir, root),
    title: known?.title[lang] ?? '', lesson: known?.lesson[lang] ?? '', locks: words(known?.locks), tasks: words(known?.tasks),
    ladder: known?.ladder ? {
      outcomes: known.ladder.outcomes.map(([key, label, unit]) => ({ key, label: label[lang], unit })),
      axes: known.ladder.axes.map(([key, label, unit]) => ({ key, label: label[lang], unit })),
    } : null,
  };
}
