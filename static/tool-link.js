// What a tool page (embed-builder.html, export.html) receives from the lab's
// link to it: the lab's own query, the directory of its lesson page, the open
// experiment's lock names and title, each checked; the tool's keys removed
// from the query, which is then the lab's link again.
export function readToolLink(search) {
  const query = new URLSearchParams(search);
  const take = (key) => { const value = query.get(key); query.delete(key); return value; };
  const dirAsked = take('dir') ?? '';
  // Only a lesson page's directory: anything else is the root page.
  const dir = /^lesson-[0-9a-z-]+\/$/.test(dirAsked) ? dirAsked : '';
  const locks = (take('locks') ?? '').split(',').filter((name) => /^[a-z_]+$/.test(name));
  const title = (take('title') ?? '').slice(0, 200);
  const root = new URL('./', location.href);
  return { query, dir, locks, title, lang: query.get('lang') === 'en' ? 'en' : 'es', root, pageUrl: new URL(dir, root) };
}
