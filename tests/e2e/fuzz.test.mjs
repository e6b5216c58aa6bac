// A seeded link fuzzer: a few hundred links over every page, each naming
// codes and keys of any page (the registry's, from static/lab-registry.js)
// with valid, out-of-range and hostile values. Every link must render its
// page's lab (or a clear notice) without a panic and without bouncing
// between pages. How long a link takes is the machine's as much as the
// lab's, so no duration is asserted: the work a link can ask for is bounded
// by the core's budgets (every model refuses a config past them, tested
// natively), a render that never comes is a hang (HANG_MS, far above any
// render), and speed lives in ./lab bench. FUZZ_SEED=<n> reruns one seed; a
// failure prints it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch } from './harness.mjs';
import { ENTRIES } from './budget.mjs';
import { PAGE_OF_CODE, PAGE_OF_KEY, LINK_KEYS, SHARED_KEYS } from '../../static/lab-registry.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const LINKS_PER_PAGE = Number(process.env.FUZZ_LINKS_PER_PAGE ?? 40);
/** A hang detector, not a speed limit: a loaded machine must not turn this red. */
const HANG_MS = 20_000;

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** mulberry32: small, seeded, the same on every machine. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CODES = [...PAGE_OF_CODE.keys()];
const KEYS = [...PAGE_OF_KEY.keys(), ...SHARED_KEYS, ...LINK_KEYS];
const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  'toString',
  '__proto__',
  'constructor',
  '-1',
  '1e999',
  '',
  ' ',
  'NaN',
  '99999999999999999999999',
  '0.9999999',
  '%',
  '\u0000',
  'fix@1\n=HYPERLINK("x")',
  'a'.repeat(5_000),
  '1,2,3',
  'on',
  'off',
  'retryall@1,'.repeat(80),
  'redrive@1,'.repeat(120),
  '0-99999999',
  '2026-13-01T00:00:00Z',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

function value(random, key) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const r = random();
  if (key === 'exp' || key === 'only' || key === 'preset') return r < 0.8 ? pick(CODES) : pick(HOSTILE);
  if (key === 'v') return pick(['1', '2', '3', 'x']);
  if (key === 'hop') return pick(['1', '0']);
  if (r < 0.35) return String(Math.floor(random() * 10 ** Math.floor(random() * 8)));
  if (r < 0.55) return random().toFixed(Math.floor(random() * 7));
  return pick(HOSTILE);
}

function link(random) {
  const pairs = [];
  const n = 1 + Math.floor(random() * 6);
  for (let i = 0; i < n; i++) {
    const key = KEYS[Math.floor(random() * KEYS.length)];
    pairs.push([key, value(random, key)]);
  }
  if (random() < 0.5) pairs.push(['lang', random() < 0.5 ? 'en' : 'es']);
  return new URLSearchParams(pairs).toString();
}

test(`${LINKS_PER_PAGE * ENTRIES.length} random links over every page render, in one hop, without a panic (seed ${SEED})`, async () => {
  const random = rng(SEED);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    d.dismiss();
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Documents loaded (a history.replaceState is no load): one, or two when passed on.
  let navigations = 0;
  page.on('load', () => {
    navigations += 1;
  });
  let slowest = { ms: 0, url: '' };
  for (let i = 0; i < LINKS_PER_PAGE * ENTRIES.length; i++) {
    const dir = ENTRIES[i % ENTRIES.length];
    const url = `${server.base}${dir}?${link(random)}`;
    const where = `seed ${SEED}, link ${i}: ${url.slice(0, 300)}`;
    if (process.env.FUZZ_VERBOSE) console.log(`# ${where}`);
    navigations = 0;
    errors.length = 0;
    const started = Date.now();
    await page.goto(url);
    await page
      .locator('.experiment, #retry-lab-panic')
      .first()
      .waitFor({ timeout: HANG_MS })
      .catch(() => assert.fail(`nothing rendered (${where})`));
    await page.waitForLoadState('load');
    const ms = Date.now() - started;
    if (ms > slowest.ms) slowest = { ms, url };
    const panic = page.locator('#retry-lab-panic');
    if ((await panic.count()) > 0) assert.fail(`panic: ${await panic.textContent()} (${where})`);
    assert.ok(navigations <= 2, `${navigations} navigations: a bounce (${where})`);
    assert.deepEqual(errors, [], where);
  }
  assert.equal(dialogs, 0, `a link opened a dialog (seed ${SEED})`);
  console.log(`# fuzz seed ${SEED}: slowest render ${slowest.ms} ms: ${slowest.url.slice(0, 200)}`);
  await context.close();
});
