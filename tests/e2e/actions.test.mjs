// «Confiabilidad a escala»'s second page as a learner uses it: a block
// action repeated as an increment and as a desired state; the same events
// through a pipeline with no answer for "I could not decide" and through
// one that fails safely.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, reveal } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const counter = async (scope, key) => (await scope.locator(`[data-counter=${key}] dd`).textContent()).trim();

test('desired state: three copies of «bloquea» leave two rules after the unblock; «bloqueada hasta T» is one state', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003-actions/?exp=desired', { locale: 'es-MX' });
  await page.locator('.desired-chart').waitFor();
  assert.deepEqual(
    [
      await counter(page, 'incremental_rules_left'),
      await counter(page, 'incremental_blocked'),
      await counter(page, 'desired_rules_left'),
      await counter(page, 'desired_blocked'),
    ],
    ['2', 'sí', '0', 'no'],
  );
  // Three rules drawn, two running on to the end; written on the chart.
  const incremental = page.locator('[data-style=incremental]');
  assert.equal(await incremental.locator('.blocked-bar').count(), 3);
  assert.equal(await incremental.locator('.blocked-bar.open-ended').count(), 2);
  assert.match(await incremental.locator('.chart-note').textContent(), /sigue bloqueada: quedan 2 reglas/);
  // Exactly once, both forms agree: the task says so where it happens.
  const copies = page.getByLabel('Copias de la acción');
  await copies.fill('1');
  await copies.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-counter=incremental_blocked] dd')?.textContent.trim() === 'no');
  await page.locator('[data-task="desired-once"].task-done').waitFor();
  // An unblock before the last copy: the state is applied again (a late copy).
  await copies.fill('3');
  await copies.press('Enter');
  const unblock = page.getByRole('textbox', { name: 'Desbloqueo del analista' });
  await unblock.fill('60');
  await unblock.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-style=desired] .blocked-bar').length === 2);
  await page.locator('[data-task="desired-late-copy"].task-done').waitFor();
  // Its handle says seconds, as its copies' times (0, 30, 90, 210 s) do: «60 s», not «1 min».
  const grab = page.getByRole('slider', { name: 'Desbloqueo del analista' });
  assert.equal(await grab.getAttribute('aria-valuetext'), 'Desbloqueo del analista: 60 s');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the TTL's handle on a phone and a laptop: its words stand above the id's bands, never over one", async () => {
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ]) {
    const { page, errors } = await open(browser, server.base + 'lesson-003-actions/?exp=ttl&lang=es', { viewport });
    await reveal(page);
    const words = await page.locator('.ttl-track .handle-value').boundingBox();
    const bands = await page.locator('.ttl-track .record-band').evaluateAll((all) => all.map((b) => b.getBoundingClientRect().toJSON()));
    assert.ok(bands.length >= 2, `${bands.length} bands`);
    for (const band of bands) {
      const apart = words.x + words.width <= band.x || band.x + band.width <= words.x || words.y + words.height <= band.y;
      assert.ok(apart, `at ${viewport.width} px the words (${JSON.stringify(words)}) cover a band (${JSON.stringify(band)})`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("desired state on a phone: the unblock line runs behind the rows' titles, never through their words", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003-actions/?exp=desired&lang=es', {
    viewport: { width: 360, height: 780 },
  });
  await reveal(page);
  const line = await page.locator('.desired-row[data-style=desired] .unblock-line').boundingBox();
  const title = page.locator('.desired-row[data-style=desired] .desired-label');
  const box = await title.boundingBox();
  // At 360 px the line (30 min of 2 h) falls inside «bloqueada hasta T».
  assert.ok(line.x > box.x && line.x < box.x + box.width, `line at ${line.x} px, the title ${box.x}–${box.x + box.width} px`);
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('.desired-label') !== null,
    [line.x + 1, box.y + box.height / 2],
  );
  assert.ok(onTop, 'the title over the line where they cross');
  assert.deepEqual(errors, []);
  await page.close();
});

test('failing safely: the same seed drops 4 detections and acts blind 3 times without an answer; the safe side loses none', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003-actions/?exp=failsafe&lang=en');
  await page.locator('.fs-grid').first().waitFor();
  const [unsafe, safe] = [page.locator('.fs-side[data-side=unsafe]'), page.locator('.fs-side[data-side=safe]')];
  assert.deepEqual(
    [await counter(unsafe, 'detections_lost'), await counter(unsafe, 'dropped'), await counter(unsafe, 'acted_blind')],
    ['4', '14', '3'],
  );
  assert.deepEqual(
    [await counter(safe, 'detections_lost'), await counter(safe, 'emitted_marked'), await counter(safe, 'asked_a_human')],
    ['0', '14', '4'],
  );
  assert.equal(await unsafe.locator('.fs-lost').count(), 4, 'each lost detection drawn');
  assert.equal(await safe.locator('.fs-unenriched').count(), 14, 'each event without the field drawn, marked');
  assert.match(await page.locator('figcaption.insight').textContent(), /seed 7/);
  // The enrichment down half the time: more lost on one side, none on the other.
  await page.getByLabel('Enrichment failure').fill('50');
  await page.waitForFunction(
    () => Number(document.querySelector('.fs-side[data-side=unsafe] [data-counter=detections_lost] dd')?.textContent) > 4,
  );
  assert.equal(await counter(safe, 'detections_lost'), '0');
  await page.locator('[data-task="failsafe-enrichment-down"].task-done').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
