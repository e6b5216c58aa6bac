// The lab as a learner uses it, on the release build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { serve, launch, open } from './harness.mjs';

const require = createRequire(import.meta.url);
let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const counter = async (page, key) => Number((await page.locator(`[data-counter=${key}] dd`).textContent()).replace(/,/g, ''));
const compare = async (page, row) => (await page.locator(`.compare tr[data-row=${row}] td`).allTextContents()).map((v) => Number(v.replace(/,/g, '')));

test('a learner moves the failure slider, runs to dead-letter, retries from the panel, checks uuid5, switches language', async () => {
  const { page, errors } = await open(browser, server.base, { locale: 'es-MX' });
  await page.getByRole('button', { name: /Reproducir/ }).click();
  await page.locator('.finished').waitFor();
  const deliveriesBefore = await counter(page, 'deliveries');
  assert.ok(deliveriesBefore >= 20, `${deliveriesBefore} deliveries`);
  const [naiveRows, idemRows] = await compare(page, 'rows');
  assert.ok(naiveRows >= idemRows && idemRows === 20, `rows ${naiveRows} vs ${idemRows}`);

  // Move the failure slider to 90 % with the keyboard, as a learner would.
  const slider = page.getByLabel('Probabilidad de fallo por intento');
  await slider.focus();
  await slider.press('End');
  for (let i = 0; i < 10; i++) await slider.press('ArrowLeft');
  assert.equal(await page.locator('output[for$="-failure"]').textContent(), '90 %');
  const deliveriesAfter = await counter(page, 'deliveries');
  assert.notEqual(deliveriesAfter, deliveriesBefore, 'results changed with the slider');

  // Full speed, play until the dead-letter queue fills.
  const speed = page.getByLabel('Velocidad');
  await speed.focus();
  await speed.press('End');
  await page.getByRole('button', { name: /Reproducir/ }).click();
  await page.locator('.dlq tbody tr').first().waitFor({ timeout: 30_000 });
  await page.locator('.finished').waitFor({ timeout: 30_000 });
  const dead = await counter(page, 'dead_lettered');
  assert.ok(dead > 0);
  const firstRow = page.locator('.dlq tbody tr').first();
  const event = await firstRow.getAttribute('data-event');
  await firstRow.getByRole('button', { name: 'Reintentar' }).click();
  assert.equal(await counter(page, 'dead_lettered'), dead - 1);
  assert.equal(await page.locator(`.dlq tbody tr[data-event="${event}"]`).count(), 0, 'the retried event left the panel');
  assert.ok(await page.locator('.log-list li').count() > 0, 'delivered events stay in the log');

  // The uuid5 double publication.
  await page.getByRole('button', { name: 'Doble publicación (uuid5)' }).click();
  assert.equal(await page.locator('code.key').textContent(), '25544|2026-07-29T14:00:00Z');
  assert.equal(await page.locator('code.uuid5').textContent(), '0a0bdc21-c5ad-5109-8e6d-77d753878591');
  assert.equal(await page.locator('.by-v4 .times').getAttribute('data-times'), '2');
  assert.equal(await page.locator('.by-uuid5 .times').getAttribute('data-times'), '1');

  // Language.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  assert.equal(await page.locator('h1').textContent(), 'Retry Lab');
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  await page.getByRole('button', { name: 'Ack timing' }).click();
  assert.deepEqual(await page.locator('tr[data-mode="before"] td').allTextContents(), ['1,000', '942', '0', '58']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard: Space plays and pauses, → steps; focus is visible', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=en');
  const region = page.getByRole('region', { name: 'Timeline: one lane per event' });
  await region.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await counter(page, 'deliveries'), 1);
  await page.keyboard.press(' ');
  assert.equal(await page.locator('button.play').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press(' ');
  assert.equal(await page.locator('button.play').getAttribute('aria-pressed'), 'false');
  // Tab reaches the controls and the focused one shows an outline.
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  assert.deepEqual(errors, []);
  await page.close();
});

test('usable at 360 px: nothing overflows sideways', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=es', { viewport: { width: 360, height: 740 } });
  await page.locator('.timeline').waitFor();
  for (const tab of ['Reintentos y dead-letter', 'Doble publicación (uuid5)', 'Momento del ack']) {
    await page.getByRole('button', { name: tab }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${tab}: page is ${width}px wide`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('reduced motion: the run still plays to the same end', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=en', { reducedMotion: 'reduce' });
  const speed = page.getByLabel('Speed');
  await speed.focus();
  await speed.press('End');
  await page.getByRole('button', { name: /Play/ }).click();
  await page.locator('.finished').waitFor({ timeout: 30_000 });
  const reduced = await counter(page, 'deliveries');
  const { page: normal } = await open(browser, server.base + '?lang=en');
  await normal.getByRole('button', { name: /Play/ }).click();
  await normal.locator('.finished').waitFor({ timeout: 30_000 });
  assert.equal(reduced, await counter(normal, 'deliveries'));
  assert.deepEqual(errors, []);
  await page.close();
  await normal.close();
});

test('axe-core finds no serious or critical violation in any experiment, in either language', async () => {
  const axe = require.resolve('axe-core/axe.min.js');
  for (const lang of ['es', 'en']) {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(server.base + `?lang=${lang}`);
      await page.locator('.lab').waitFor();
      await page.addScriptTag({ path: axe });
      const tabs = await page.locator('nav.tabs button').all();
      for (const tab of tabs) {
        await tab.click();
        const violations = await page.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ['violations'] });
          return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        });
        assert.deepEqual(violations, [], `${lang} ${width}px ${await tab.textContent()}`);
      }
      await context.close();
    }
  }
});
