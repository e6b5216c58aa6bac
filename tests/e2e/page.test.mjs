import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the page loads with no console error and shows the lesson backoff table', async () => {
  const { page, errors } = await open(browser, server.base, { locale: 'es-MX' });
  await page.locator('.schedule-table').waitFor();
  const waits = await page.locator('.schedule-table tbody td.num').allTextContents();
  assert.deepEqual(
    waits.map((w) => w.split(' ')[0]),
    ['30', '60', '120', '240', '480', '960'],
  );
  assert.equal(await page.locator('.schedule-table .total').textContent(), '1,890 s');
  assert.equal(await page.locator('h1').textContent(), 'At-least-once es la realidad, exactly-once es un mito práctico');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a tab that never paints a frame still mounts the lab (its first frame is raced by a timer)', async () => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  // A hidden or starved tab: no animation frame ever comes.
  await page.addInitScript(() => {
    window.requestAnimationFrame = () => 0;
  });
  await page.goto(server.base);
  await page.locator('.experiment').waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('#retry-lab-panic').count(), 0);
  await context.close();
});

test('an English browser gets English; ?lang= wins over it', async () => {
  let { page, errors } = await open(browser, server.base, { locale: 'en-GB' });
  // The prerendered header (Spanish) follows the learner's language once the lab runs.
  await page.locator('.experiment').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'At-least-once is reality, exactly-once is a practical myth');
  assert.match(await page.locator('.lab-intro').textContent(), /^A consumer that sometimes fails/);
  // The tab's title too (the prerendered one is Spanish).
  assert.equal(await page.title(), 'At-least-once: retries and dead-letter · Retry Lab');
  await page.close();
  ({ page } = await open(browser, server.base + '?lang=es', { locale: 'en-GB' }));
  await page.locator('.experiment').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'At-least-once es la realidad, exactly-once es un mito práctico');
  assert.equal(await page.locator('html').getAttribute('lang'), 'es');
  assert.equal(await page.title(), 'At-least-once: reintentos y dead-letter · Retry Lab');
  assert.deepEqual(errors, []);
  await page.close();
});

test("every page: its lesson's title, one course navigation marking it, and a skip link as the first Tab stop", async () => {
  const { ENTRIES } = await import('./budget.mjs');
  const { page, errors } = await open(browser, server.base + '?lang=es');
  const names = [];
  for (const dir of ENTRIES) {
    await page.goto(`${server.base}${dir}?lang=es`);
    await page.locator('.experiment').waitFor();
    const nav = page.getByRole('navigation', { name: 'Lecciones del curso' });
    const links = await nav.getByRole('link').allTextContents();
    names.push(links.join(' | '));
    assert.equal(links.length, ENTRIES.length, dir);
    assert.equal(await nav.locator('[aria-current="page"]').count(), 1, dir);
    const current = await nav.locator('[aria-current="page"]').getAttribute('href');
    assert.ok(
      current.startsWith(dir === '' ? './' : '../'.repeat(dir.split('/').length - 1) + dir) || current.startsWith(dir),
      `${dir}: ${current}`,
    );
    assert.match(
      await page.locator('h1').textContent(),
      /At-least-once es la realidad|Garantías de entrega exactamente una vez|Confiabilidad a escala: idempotencia|Colas y streams: mensajes que esperan/,
    );
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Saltar al experimento', dir);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('experiment-anchor')), true, dir);
  }
  assert.equal(new Set(names).size, 1, 'the same navigation, names and order, on every page');
  assert.deepEqual(errors, []);
  await page.close();
});
