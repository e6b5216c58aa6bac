import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the page loads with no console error and shows the lesson backoff table', async () => {
  const { page, errors } = await open(browser, server.base, { locale: 'es-MX' });
  await page.locator('.schedule-table').waitFor();
  const waits = await page.locator('.schedule-table tbody td.num').allTextContents();
  assert.deepEqual(waits.map((w) => w.split(' ')[0]), ['30', '60', '120', '240', '480', '960']);
  assert.equal(await page.locator('.schedule-table .total').textContent(), '1,890 s');
  assert.equal(await page.locator('h1').textContent(), 'At-least-once es la realidad, exactly-once es un mito práctico');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an English browser gets English; ?lang= wins over it', async () => {
  let { page, errors } = await open(browser, server.base, { locale: 'en-GB' });
  // The prerendered header (Spanish) follows the learner's language once the lab runs.
  await page.locator('.experiment').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'At-least-once is reality, exactly-once is a practical myth');
  assert.match(await page.locator('.lab-intro').textContent(), /^A hub delivers events/);
  await page.close();
  ({ page } = await open(browser, server.base + '?lang=es', { locale: 'en-GB' }));
  await page.locator('.experiment').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'At-least-once es la realidad, exactly-once es un mito práctico');
  assert.equal(await page.locator('html').getAttribute('lang'), 'es');
  assert.deepEqual(errors, []);
  await page.close();
});
