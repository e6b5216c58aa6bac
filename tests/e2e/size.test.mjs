// Every page a learner opens loads at most the budget, gzip -9 of everything
// it fetches (page, module, glue, styles, icon): measured by opening each
// lesson page in Chromium and recording its responses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, open, DIST } from './harness.mjs';
import { readLeb } from '../wasm-leb.mjs';
import { GZIP_BUDGET_BYTES, ENTRIES, TEXT_STYLES_BUDGET } from './budget.mjs';
import { TOOL_EXPERIMENTS } from '../../static/tool-registry.js';
import { PAGE_OF_CODE } from '../../static/lab-registry.js';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens `path` and sums gzip -9 of every response from the lab's host once `ready` says the page is whole. */
async function measure(path, ready) {
  const { page, errors, context } = await open(browser, 'about:blank');
  const fetched = new Map();
  page.on('response', async (r) => {
    if (r.url().startsWith(server.origin))
      fetched.set(
        r.url(),
        r.body().then((b) => gzipSync(b, { level: 9 }).length),
      );
  });
  await page.goto(server.base + path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  let total = 0;
  const rows = [];
  for (const [url, size] of fetched) {
    const gz = await size;
    total += gz;
    rows.push(`${url.slice(server.base.length) || '(page)'}: ${gz} B gzip`);
  }
  console.log(rows.join('\n') + `\n${path || '(root)'} total gzip: ${total} B of ${GZIP_BUDGET_BYTES} B budget`);
  assert.ok(
    rows.some((r) => r.includes('.wasm')),
    'the page fetched its module',
  );
  assert.ok(total <= GZIP_BUDGET_BYTES, `${path || '(root)'} loads ${total} B gzipped, over the ${GZIP_BUDGET_BYTES} B budget`);
  assert.deepEqual(errors, []);
  await context.close();
}

for (const entry of ENTRIES) {
  test(`the page ${entry || '(root)'} loads within the gzip budget`, () => measure(entry, (page) => page.locator('.experiment').waitFor()));
}

/** The distinct text styles of the elements that draw text, once the page is whole. */
async function textStyles(path) {
  const { page, errors, context } = await open(browser, server.base + path, { viewport: { width: 412, height: 823 } });
  await page.locator('.experiment').waitFor();
  const styles = await page.evaluate(() => {
    const seen = new Map();
    for (const e of document.querySelectorAll('*')) {
      const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const s = getComputedStyle(e);
      if (!own || s.display === 'none' || s.fontSize === '0px') continue;
      const key = `${s.fontFamily} ${s.fontSize} ${s.fontWeight} ${s.fontStyle}`;
      seen.set(key, seen.get(key) ?? `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
    }
    return [...seen].map(([key, first]) => `${key} (${first})`);
  });
  assert.deepEqual(errors, []);
  await context.close();
  return styles;
}

for (const entry of ENTRIES) {
  test(`the page ${entry || '(root)'} draws at most ${TEXT_STYLES_BUDGET} text styles`, async () => {
    const styles = await textStyles(entry);
    assert.ok(styles.length <= TEXT_STYLES_BUDGET, `${entry || '(root)'} draws ${styles.length} text styles:\n${styles.join('\n')}`);
  });
}

/** The module's imports, as [module, name] (its import section, read by hand). */
function wasmImports(file) {
  const buf = readFileSync(file);
  let at = 8;
  const leb = () => {
    const [value, next] = readLeb(buf, at);
    at = next;
    return value;
  };
  const text = () => {
    const length = leb();
    at += length;
    return buf.toString('utf8', at - length, at);
  };
  while (at < buf.length) {
    const id = buf[at++];
    const end = leb() + at;
    if (id === 2) {
      const found = [];
      for (let n = leb(); n > 0; n--) {
        found.push([text(), text()]);
        const kind = buf[at++];
        assert.equal(kind, 0, 'the pages import functions only');
        leb();
      }
      return found;
    }
    at = end;
  }
  return [];
}

// Trunk's post-build hook (tests/short-imports.mjs) names the glue's imports
// a, b, …: wasm-bindgen's names carry 16 hex digits each, ~5.7 KB gzip a page.
for (const entry of ENTRIES) {
  test(`the module of ${entry || '(root)'} imports by short names`, () => {
    const imports = wasmImports(join(DIST, entry, 'retry-lab-web_bg.wasm'));
    const glue = readFileSync(join(DIST, entry, 'retry-lab-web.js'), 'utf8');
    const long = imports.filter(([, name]) => name.startsWith('__wbg_'));
    assert.deepEqual(long, [], 'every wasm-bindgen import renamed');
    for (const [, name] of imports) assert.match(glue, new RegExp(`(?<![\\w$])${name.replace('$', '\\$')}:`), `${name} is in the glue`);
  });
}

// A learner opens the sweep page from a seeded experiment's figure: it is a
// learner's page too (its lesson group's export module, the tool scripts).
for (const code of Object.keys(TOOL_EXPERIMENTS).filter((c) => TOOL_EXPERIMENTS[c].ladder)) {
  const path = `sweep.html?v=3&exp=${code}&lang=es&dir=${PAGE_OF_CODE.get(code)}`;
  test(`the sweep page of ${code} loads within the gzip budget`, () =>
    measure(path, (page) => page.locator('body[data-sweep=done]').waitFor({ timeout: 60_000 })));
}
