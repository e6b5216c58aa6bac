// Shared E2E harness: a static server for dist/ on loopback and a headless
// Debian Chromium driven by playwright-core.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, extname, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = join(ROOT, 'dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Serves `dir` under `prefix` (e.g. '/lab/' to prove sub-path hosting). Records every request path.
 * With `gzip`, compresses what the client accepts, as a static host would (`./lab serve`, Lighthouse);
 * with `cors`, lets pages of any origin load its modules, as docs/authors.md asks of a lab's host.
 */
export async function serve(dir = DIST, prefix = '/', { port = 0, gzip = false, cors = false } = {}) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname);
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const path = normalize(decodeURIComponent(url.pathname.slice(prefix.length)));
    if (path.startsWith('..')) {
      res.writeHead(403).end();
      return;
    }
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      if (cors) headers['access-control-allow-origin'] = '*';
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body, { level: 9 });
        headers['content-encoding'] = 'gzip';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, base: origin + prefix, requests, close: () => new Promise((ok) => server.close(ok)) };
}

/** Headless Debian Chromium; Playwright gives it a fresh temporary profile. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Opens `url` in a fresh context (its own storage, the given browser locale,
 * reduced motion and colour scheme if asked) and records console errors and uncaught exceptions.
 * Closing the returned page closes its context.
 */
export async function open(browser, url, { locale = 'en-US', reducedMotion, viewport, colorScheme } = {}) {
  const context = await browser.newContext({ locale, reducedMotion, viewport, colorScheme });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
  });
  // The context goes with its page; if the whole browser is closing, there is nothing left to close.
  page.on('close', () => context.close().catch(() => {}));
  await page.goto(url);
  return { page, errors, context };
}

/** Sees the open experiment's figure without a guess, where it asks for one first. */
export async function reveal(page) {
  const skip = page.getByRole('button', { name: /^(Show without estimating|Ver sin estimar)$/ });
  await page.locator('.hero').first().waitFor();
  if (await skip.count()) {
    await skip.click();
    await page.locator('.prediction-result').waitFor();
  }
}

/**
 * Chooses a scenario in the picker, as a learner would, and sees it: a
 * preset asks its own question again (a guess is the scenario's it was made
 * in), so the figure waits for a guess or «Ver sin estimar» once more.
 */
export async function choosePreset(page, code) {
  await page.getByLabel(/^(Scenario|Escenario)$/).selectOption(code);
  await revealAsked(page);
}

/** After a change that may ask a question of its own (another shape of run), sees it without a guess. */
export async function revealAsked(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await reveal(page);
}

/** Moves the open scene's instant to `share` (0…1) of its run, by its slider, and waits a frame. */
export async function seekScene(page, share) {
  const slider = page.locator('.scene-slider');
  const end = Number(await slider.getAttribute('max'));
  await slider.fill(String(Math.round(end * share)));
  await page.evaluate(() => new Promise(requestAnimationFrame));
}

/**
 * Opens `url` on a laptop's first screen (1,280 × 900) with the figure
 * revealed, runs `check(page)` and then finds no error on the console.
 */
export async function onLaptop(browser, url, check) {
  const { page, errors } = await open(browser, url, { viewport: { width: 1280, height: 900 } });
  await reveal(page);
  await check(page);
  if (errors.length) throw new Error(`errors on ${url}: ${errors.join('; ')}`);
  await page.close();
}

/**
 * How far above the scene's sticky bar a figure's part ends, in px (negative:
 * under it). At 1,280 × 900 the bar covered keys and axes at figures' feet.
 */
export async function clearOfSceneBar(page, selector) {
  const part = await page.locator(selector).first().boundingBox();
  const bar = await page.locator('.scene-bar').boundingBox();
  return bar.y - (part.y + part.height);
}

/** Opens the open experiment's "More parameters" (a learner's click), if closed. */
export async function moreParams(page) {
  const more = page.locator('.experiment details.more-params').first();
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
}

/**
 * The progress this browser stores (localStorage of `page`'s origin): each
 * entry its own item (`retry-lab.task:experiment/task`, a guess's number as
 * its value), as `experiment/task` words, sorted; the list of the format
 * before items (`retry-lab.tasks`), if any, as `v1:` words.
 */
export function storedTasks(page) {
  return page.evaluate(() => {
    const out = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key.startsWith('retry-lab.task:')) {
        const entry = key.slice('retry-lab.task:'.length);
        out.push(entry.endsWith('/guess=') ? entry + localStorage.getItem(key) : entry);
      }
    }
    const old = localStorage.getItem('retry-lab.tasks');
    if (old !== null) out.push(...old.split(' ').map((word) => `v1:${word}`));
    return out.sort();
  });
}
