// Retry Lab script mount: fills every [data-retry-lab] element (docs/authors.md, "Script mount").
// Each lesson page has its own module (dist/, dist/lesson-001/, …): this loads
// only the ones the page's labs need. Every mount is routed to exactly one
// module (stamped `data-retry-lab-dir`, which the module honours), so a lab
// never mounts as another page's default; one mount that cannot start shows
// a message and never stops the others.
//
// Each lab lives in a shadow root of its element, with the lab's own
// stylesheets: the host's styles (a documentation theme's `details`, lists,
// buttons) do not reach it, and the lab's do not leak out. It follows the
// host's light or dark theme as the host switches it. Hosts that change pages
// without reloading (MkDocs Material's instant navigation, Docusaurus,
// VitePress) add and remove labs later: one observer mounts each new one
// once, and ends each removed one (its timers, frames and listeners released).
import { PAGE_OF_CODE, PAGE_OF_KEY, PAGE_STYLES } from './lab-registry.js';

const here = new URL('./', import.meta.url);

const FAILED = {
  es: 'Este laboratorio no pudo arrancar',
  en: 'This lab could not start',
};

/** The page (directory) a mount belongs to: its first code any page knows
 * (experiment, then exp, then preset), else its first parameter key of one
 * page's, else the root. Maps only: `toString` or `__proto__` is no code. */
export function pageOf(element) {
  const d = element.dataset;
  for (const code of [d.experiment, d.only, d.exp, d.preset]) {
    if (code !== undefined && PAGE_OF_CODE.has(code)) return PAGE_OF_CODE.get(code);
  }
  for (const name of element.getAttributeNames()) {
    const key = name.startsWith('data-') ? name.slice(5).replace(/-/g, '_') : '';
    if (PAGE_OF_KEY.has(key)) return PAGE_OF_KEY.get(key);
  }
  return '';
}

/** The element's isolated root: its shadow root with the lab's stylesheets
 * (style.css, the page's own) and an empty `.retry-lab-root` to render into. */
function isolate(element, dir) {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const sheets = ['style.css', ...(PAGE_STYLES.get(dir) ?? []).map((css) => `${dir}${css}`)].map((file) =>
    Object.assign(document.createElement('link'), { rel: 'stylesheet', href: new URL(file, here).href }),
  );
  const root = Object.assign(document.createElement('div'), { className: 'retry-lab-root' });
  root.lang = element.dataset.lang === 'en' ? 'en' : 'es';
  shadow.replaceChildren(...sheets, root);
  return root;
}

function say(element, reason) {
  const lang = element.dataset.lang === 'en' ? 'en' : 'es';
  const message = document.createElement('p');
  message.className = 'lab-fallback';
  message.setAttribute('role', 'alert');
  message.textContent = `${FAILED[lang]}: ${reason}`;
  (element.shadowRoot?.querySelector('.retry-lab-root') ?? element).replaceChildren(message);
}

/** The host's theme, where it says one: `data-theme` (Docusaurus and many
 * themes), MkDocs Material's `data-md-color-scheme` (`slate` is its dark),
 * a `dark` class (VitePress), `color-scheme` on <html>, else how dark the
 * page's background is (a reveal.js `black` deck); null: the system's. */
function hostTheme() {
  const html = document.documentElement;
  const body = document.body;
  const named = html.dataset.theme ?? body?.dataset.theme;
  if (named === 'dark' || named === 'light') return named;
  const material = body?.getAttribute('data-md-color-scheme') ?? html.getAttribute('data-md-color-scheme');
  if (material) return material === 'slate' ? 'dark' : 'light';
  if (html.classList.contains('dark') || body?.classList.contains('dark')) return 'dark';
  const scheme = getComputedStyle(html).colorScheme;
  if (scheme === 'dark' || scheme === 'light') return scheme;
  const rgb = getComputedStyle(body ?? html)
    .backgroundColor.match(/[\d.]+/g)
    ?.map(Number);
  if (!rgb || rgb.length < 3 || rgb[3] === 0) return null;
  const luminance = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
  return luminance < 0.4 ? 'dark' : 'light';
}

/** Each lab that follows its host (`data-theme` absent or `auto`) takes the host's theme. */
function followTheme() {
  const theme = hostTheme() ?? 'system';
  for (const element of mounts.keys()) {
    const own = element.dataset.theme;
    if (own === undefined || own === 'auto') element.setAttribute('data-retry-lab-theme', theme);
  }
}

/** What is mounted: each element and its page's module. */
const mounts = new Map();
const modules = new Map();

function loadModule(dir) {
  if (!modules.has(dir)) {
    const base = new URL(dir, here);
    modules.set(
      dir,
      import(new URL('retry-lab-web.js', base).href).then(async (lab) => {
        await lab.default({ module_or_path: new URL('retry-lab-web_bg.wasm', base) });
        return lab;
      }),
    );
  }
  return modules.get(dir);
}

async function mountPage(dir, elements) {
  for (const element of elements) isolate(element, dir);
  try {
    const lab = await loadModule(dir);
    lab.mount_all(new URL(dir, here).href);
  } catch (error) {
    for (const element of elements) say(element, String(error?.message ?? error).slice(0, 200));
  }
  for (const element of elements) {
    if (!element.isConnected) continue;
    if (element.hasAttribute('data-retry-lab-mounted')) mounts.set(element, dir);
    else say(element, `${dir || './'}`);
  }
  followTheme();
}

/** Mounts every lab not mounted yet, one page's module at a time (each
 * mounts exactly the labs routed to it). */
async function mountNew() {
  const pages = new Map();
  for (const element of document.querySelectorAll('[data-retry-lab]:not([data-retry-lab-mounted]):not([data-retry-lab-pending])')) {
    const dir = pageOf(element);
    element.setAttribute('data-retry-lab-dir', dir);
    element.setAttribute('data-retry-lab-pending', '');
    if (!pages.has(dir)) pages.set(dir, []);
    pages.get(dir).push(element);
  }
  for (const [dir, elements] of pages) {
    await mountPage(dir, elements);
    for (const element of elements) element.removeAttribute('data-retry-lab-pending');
  }
}

/** Ends the labs whose elements left the page, in each module that mounted some. */
async function unmountRemoved() {
  const dirs = new Set();
  for (const [element, dir] of mounts) {
    if (!element.isConnected) {
      mounts.delete(element);
      dirs.add(dir);
    }
  }
  for (const dir of dirs) (await loadModule(dir)).unmount_removed();
}

let scheduled = false;
/** One pass per batch of changes (a client-side route swaps many nodes at once). */
function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(async () => {
    scheduled = false;
    await unmountRemoved();
    await mountNew();
  });
}

await mountNew();
new MutationObserver(schedule).observe(document.documentElement, { childList: true, subtree: true });
const themeWatch = new MutationObserver(followTheme);
const themeAttributes = { attributes: true, attributeFilter: ['data-theme', 'data-md-color-scheme', 'class', 'style'] };
themeWatch.observe(document.documentElement, themeAttributes);
if (document.body) themeWatch.observe(document.body, themeAttributes);
