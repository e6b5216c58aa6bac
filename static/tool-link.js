// What a tool page (embed-builder.html, export.html) receives from the lab's
// link to it: the open experiment's link and the whole page's (`page`), the
// directory of its lesson page, the experiment's locks and tasks with their
// on-screen words (`lk`, `tk`: "code words", one pair each), its title and
// scenario, each checked; the tool's keys removed from the query, which is
// then the lab's link again.
const CODE = /^[a-z0-9_-]+$/;

/** "code words" pairs whose code is a lab code; words shortened, as text only. */
function named(values) {
  return values.map((value) => {
    const space = value.indexOf(' ');
    return space > 0 ? [value.slice(0, space), value.slice(space + 1, space + 201)] : [value, value];
  }).filter(([code]) => CODE.test(code));
}

export function readToolLink(search) {
  const query = new URLSearchParams(search);
  const take = (key) => { const value = query.get(key); query.delete(key); return value; };
  const takeAll = (key) => { const values = query.getAll(key); query.delete(key); return values; };
  const dirAsked = take('dir') ?? '';
  // Only a lesson page's directory: anything else is the root page.
  const dir = /^lesson-[0-9a-z-]+\/$/.test(dirAsked) ? dirAsked : '';
  // Older tool links listed bare lock names.
  const locks = [...named(takeAll('lk')), ...(take('locks') ?? '').split(',').filter((name) => /^[a-z_]+$/.test(name)).map((name) => [name, name])];
  const tasks = named(takeAll('tk'));
  const title = (take('title') ?? '').slice(0, 200);
  const scenario = (take('scenario') ?? '').slice(0, 200);
  const pageQuery = new URLSearchParams(take('page') ?? query.toString());
  const root = new URL('./', location.href);
  const lang = query.get('lang') === 'en' ? 'en' : 'es';
  return { query, pageQuery, dir, locks, tasks, title, scenario, lang, root, pageUrl: new URL(dir, root) };
}
