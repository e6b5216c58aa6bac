// Page speed benchmark (./lab bench; not a test): cold load to interactive,
// slider change to repainted results, and animation frame times with 1,000
// events, in headless Chromium against the release build on loopback.
import { serve, launch } from '../e2e/harness.mjs';

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const fmt = (x) => x.toFixed(1);

const server = await serve();
const browser = await launch();

// Marks the moment the play button exists: the lab is interactive.
const MARK_INTERACTIVE = () => {
  new MutationObserver((_, obs) => {
    if (document.querySelector('button.play')) { window.__interactiveMs = performance.now(); obs.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
};

async function coldLoads(n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(MARK_INTERACTIVE);
    await page.goto(server.base + '?lang=en');
    await page.waitForFunction(() => window.__interactiveMs !== undefined);
    times.push(await page.evaluate(() => window.__interactiveMs));
    await context.close();
  }
  return times;
}

async function withThousandEvents() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.base + '?lang=en');
  const events = page.getByLabel('Events');
  await events.fill('1000');
  await events.press('Enter');
  await events.dispatchEvent('change');
  return { context, page };
}

async function sliderToRepaint(page, label, n) {
  return page.evaluate(async ({ n }) => {
    const slider = document.querySelector('input[id$="-failure"]');
    const times = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      slider.value = String(20 + (i % 2) * 40);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      // Done when the next frame has painted.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      times.push(performance.now() - t0);
    }
    return times;
  }, { n });
}

async function frameTimes(page, seconds) {
  await page.getByRole('button', { name: /Play/ }).click();
  const deltas = await page.evaluate(async (seconds) => {
    const deltas = [];
    let last = performance.now();
    const end = last + seconds * 1000;
    await new Promise((done) => {
      const frame = (now) => { deltas.push(now - last); last = now; if (now < end) requestAnimationFrame(frame); else done(); };
      requestAnimationFrame(frame);
    });
    return deltas;
  }, seconds);
  await page.getByRole('button', { name: /Pause/ }).click();
  return deltas.slice(1);
}

const loads = await coldLoads(7);
console.log(`cold load to interactive (loopback, ${loads.length} fresh contexts): median ${fmt(pct(loads, 0.5))} ms, max ${fmt(Math.max(...loads))} ms (goal <= 300 ms)`);

const { context, page } = await withThousandEvents();
const atStart = await sliderToRepaint(page, 'start', 30);
console.log(`slider -> repainted results, 1,000 events, clock at 0: median ${fmt(pct(atStart, 0.5))} ms, p95 ${fmt(pct(atStart, 0.95))} ms (goal <= 50 ms)`);
const frames = await frameTimes(page, 5);
const dropped = frames.filter((d) => d > 16.7 * 1.5).length;
console.log(`animation, 1,000 events playing: ${frames.length} frames in 5 s, p50 ${fmt(pct(frames, 0.5))} ms, p95 ${fmt(pct(frames, 0.95))} ms, ${dropped} dropped (goal p95 <= 16.7 ms; a 60 Hz frame is 16.7 ms, so p95 at vsync means no dropped frames)`);
const midRun = await sliderToRepaint(page, 'mid', 30);
console.log(`slider -> repainted results, 1,000 events, mid-run (replayed to the clock): median ${fmt(pct(midRun, 0.5))} ms, p95 ${fmt(pct(midRun, 0.95))} ms`);
await context.close();
await browser.close();
await server.close();
