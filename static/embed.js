// Retry Lab script mount: fills every [data-retry-lab] element (see README, "Embedding").
// Each lesson page has its own module (dist/, dist/lesson-001/, …): this loads
// only the ones the page's labs need. Every mount is routed to exactly one
// module (stamped `data-retry-lab-dir`, which the module honours), so a lab
// never mounts as another page's default; one mount that cannot start shows
// a message and never stops the others.
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

function say(element, reason) {
  const lang = element.dataset.lang === 'en' ? 'en' : 'es';
  const message = document.createElement('p');
  message.className = 'lab-fallback';
  message.setAttribute('role', 'alert');
  message.textContent = `${FAILED[lang]}: ${reason}`;
  element.replaceChildren(message);
}

// Every page's style.css, and each other page's own (dist/lesson-003/lesson-003.css…)
// with what it shares with another page (PAGE_STYLES).
function addStyle(href) {
  if (document.querySelector(`link[data-retry-lab-style="${CSS.escape(href)}"]`)) return;
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = href;
  style.dataset.retryLabStyle = href;
  document.head.append(style);
}

async function mountPage(dir, elements) {
  try {
    for (const css of PAGE_STYLES.get(dir) ?? []) addStyle(new URL(`${dir}${css}`, here).href);
    const base = new URL(dir, here);
    const lab = await import(new URL('retry-lab-web.js', base).href);
    await lab.default({ module_or_path: new URL('retry-lab-web_bg.wasm', base) });
    lab.mount_all(base.href);
  } catch (error) {
    for (const element of elements) say(element, String(error?.message ?? error).slice(0, 200));
  }
  for (const element of elements) {
    if (element.isConnected && !element.hasAttribute('data-retry-lab-mounted')) say(element, `${dir || './'}`);
  }
}

addStyle(new URL('style.css', here).href);
const pages = new Map();
for (const element of document.querySelectorAll('[data-retry-lab]:not([data-retry-lab-mounted])')) {
  const dir = pageOf(element);
  element.setAttribute('data-retry-lab-dir', dir);
  if (!pages.has(dir)) pages.set(dir, []);
  pages.get(dir).push(element);
}
// One page's module at a time: each mounts exactly the labs routed to it.
for (const [dir, elements] of pages) await mountPage(dir, elements);
