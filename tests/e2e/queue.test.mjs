// Lesson 004's visibility timeout as a learner uses it: the lesson's
// exercises through their presets and the controls, by accessible names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, moreParams, reveal, clearOfSceneBar, onLaptop, choosePreset, revealAsked } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const counter = async (page, key) => (await page.locator(`[data-counter=${key}] dd`).textContent()).trim();

test("a timeout shorter than the job makes copies; the lesson's rule, a heartbeat and the DLQ", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=visibility&lang=en');
  await reveal(page);
  await page.locator('.gantt').waitFor();
  // Error 1: 10 minutes with 30 s → 20 copies, 20 effects without idempotency, 1 with it.
  assert.equal(await counter(page, 'copies'), '20');
  assert.equal(await counter(page, 'effects_naive'), '20');
  assert.equal(await counter(page, 'effects_idempotent'), '1');
  assert.equal(await page.locator('.gantt svg g').count(), 20, 'one Gantt row per receive');

  // Exercise 5 by its preset, then the lesson's rule typed in.
  await choosePreset(page, 'exercise-5');
  await page.locator('.gantt svg g').nth(7).waitFor();
  assert.equal(await counter(page, 'copies'), '8');
  const timeout = page.getByRole('textbox', { name: 'Visibility timeout' });
  await timeout.fill('480');
  await timeout.press('Enter');
  await timeout.dispatchEvent('change');
  assert.equal(await counter(page, 'copies'), '1');

  // Exercise 8: a poison message that hangs, 15 minutes × 5 receives.
  await choosePreset(page, 'exercise-8-hang');
  await page.waitForFunction(() => document.querySelector('[data-counter=dead_letter_at] dd')?.textContent.includes('1 h 15 min'));
  // Exercise 8 asks its own number, when the message reaches the DLQ: 5 × 15 min.
  await reveal(page);
  assert.match(await page.locator('.prediction-result').textContent(), /gives 4,500 s \(1 h 15 min\)\. .*5 × 15 min = 75 min/);
  assert.equal(await counter(page, 'done_at'), 'never');
  assert.equal(await page.locator('.dlq-line').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

// Exercise 8's crash puts copy 2 mid-plot: its note fits the phone's plot
// («copy 2: the timeout ran o» was cut at its right edge).
test("a copy's note stays inside a phone's plot", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=visibility&preset=exercise-8-crash&lang=en', {
    viewport: { width: 360, height: 780 },
  });
  await reveal(page);
  const plot = await page.locator('.gantt').boundingBox();
  for (const note of await page.locator('.gantt .note-copy').all()) {
    const box = await note.boundingBox();
    assert.ok(
      box.x >= plot.x - 1 && box.x + box.width <= plot.x + plot.width + 1,
      `${await note.innerText()}: ${box.x}–${box.x + box.width} px in ${plot.x}–${plot.x + plot.width}`,
    );
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("the visibility timeout's first copy is named beside its band on its own row, at both sizes, over no other mark", async () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=visibility&lang=en', { viewport });
    await reveal(page);
    const note = page.locator('.gantt .note-copy').first();
    assert.equal(await note.textContent(), '◂ copy 2: the timeout ran out');
    // On a phone the why waits for room (the line under the figure says it).
    const shown = viewport.width < 600 ? '◂ copy 2' : '◂ copy 2: the timeout ran out';
    assert.equal(await note.innerText(), shown);
    const band = page.locator('.gantt svg g').nth(1).locator('.hidden-band');
    const [a, b] = [await note.boundingBox(), await band.boundingBox()];
    // Its own row, from where its hidden band ends (over the band, then on the row above, it hid marks).
    assert.ok(
      Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) <= 3,
      `${viewport.width} px: the note at ${a.y} px, copy 2's row at ${b.y} px`,
    );
    assert.ok(
      a.x >= b.x + b.width - 1 && a.x - (b.x + b.width) <= 3,
      `${viewport.width} px: the note from ${a.x} px, the band to ${b.x + b.width} px`,
    );
    // The first job's deletion, its one green mark, stays in the clear.
    const deleted = await page.locator('.gantt svg g').first().locator('.deleted').boundingBox();
    assert.ok(a.y >= deleted.y + deleted.height - 1 || a.x > deleted.x + deleted.width, `${viewport.width} px: the note over the deletion`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("«¿alguien espera?» at 1,280 × 900: its key above the rows and the handle's words, its axis above the scene's bar", async () => {
  // Under the rows, the key lay under the scene's sticky bar.
  for (const lang of ['es', 'en']) {
    await onLaptop(browser, server.base + `lesson-004/?exp=waits&lang=${lang}`, async (page) => {
      const key = await page.locator('.waits-chart .legend').boundingBox();
      const words = await page.locator('.waits-chart .handle-value').boundingBox();
      const rows = await page.locator('.waits-chart .waits-row').first().boundingBox();
      const keyEnd = key.y + key.height;
      assert.ok(
        keyEnd <= Math.min(words.y, rows.y),
        `${lang}: the key ends at ${keyEnd} px, the handle's words at ${words.y}, the rows at ${rows.y}`,
      );
      const clear = await clearOfSceneBar(page, '.waits-chart .storm-axis');
      assert.ok(clear >= 0, `${lang}: the axis ends ${-clear} px under the scene's bar`);
    });
  }
});

test("competing consumers: more workers empty the queue sooner; a restart loses an in-memory queue, not a broker's", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=workers&lang=en');
  await reveal(page);
  await page.locator('.workers .gantt').waitFor();
  // The pool's grip, on the lanes' lower edge, clear of the axis's «0.3 s».
  const grip = await page.locator('.workers .handle-grip').boundingBox();
  const end = await page.locator('.workers .storm-axis span').last().boundingBox();
  assert.ok(grip.y + grip.height <= end.y, `grip down to ${grip.y + grip.height} px, «0.3 s» from ${end.y} px`);
  assert.deepEqual(
    [
      await counter(page, 'done_at'),
      await counter(page, 'speedup'),
      await counter(page, 'done'),
      await counter(page, 'repeated'),
      await counter(page, 'lost'),
    ],
    ['0.3 s', '4×', '12', '0', '0'],
  );
  await choosePreset(page, 'restart-in-memory');
  await page.waitForFunction(() => document.querySelector('[data-counter=lost] dd')?.textContent.trim() === '100');
  assert.equal(await counter(page, 'done'), '100');
  await page.getByLabel('The queue lives in').selectOption('broker');
  // Nothing lost now: the run asks the other question (when the last job is done).
  await revealAsked(page);
  await page.waitForFunction(() => document.querySelector('[data-counter=lost] dd')?.textContent.trim() === '0');
  // Cut by the restart and done again is done once (the lesson's «repetidos»
  // is a job done twice), and 200 s of work in 36 s is 5.6 times, not 5.
  assert.deepEqual(
    [await counter(page, 'done'), await counter(page, 'repeated'), await counter(page, 'done_at'), await counter(page, 'speedup')],
    ['200', '0', '36 s', '5.6×'],
  );
  // The 20 cut jobs and the 30 s gap, said where the figure's point is.
  assert.match(
    await page.locator('.workers .hero .insight').textContent(),
    /The restart leaves 20 jobs half done: the broker delivers them again when their 30 s visibility timeout runs out/,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('operating the DLQ: the alert, a row per message, mark failed and redrive as data, seconds to days', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-ops/?exp=dlq&lang=en');
  // Exercise 8's number is asked first: the alert and the table follow the answer.
  await reveal(page);
  const alert = page.locator('.dlq-alert');
  await alert.waitFor();
  // At 1 h 30 min messages 1 and 6 wait in the DLQ: 5 receives each, the deadline passed.
  assert.match(await alert.textContent(), /Alert: 2 in the DLQ \(more than 0 since 1 h 16 min\)/);
  const rows = page.locator('.dlq-table tbody tr');
  assert.equal(await rows.count(), 2);
  const cells = (await rows.nth(0).locator('th, td').allTextContents()).slice(0, 5);
  assert.deepEqual(cells, ['#1', '5', '1 h 30 min', 'the deadline passed without an ack', '13 d 23 h']);
  // Fixed at 2 h, redriven at 3 h: every message delivered, two by redrive.
  assert.deepEqual(
    [await counter(page, 'delivered'), await counter(page, 'dead_lettered'), await counter(page, 'redriven')],
    ['10', '2', '2'],
  );

  // The redriven copies (rows 11 and 12, received seconds after 3 h) are drawn inside the plot, not as 1 ‰ slivers at its edge.
  for (const row of [10, 11]) {
    const band = await page.locator('.lifelines g').nth(row).locator('rect.hidden-band').first().boundingBox();
    const plot = await page.locator('.lifelines svg[role=img]').boundingBox();
    assert.ok(
      band.width >= 4 && band.x + band.width <= plot.x + plot.width + 0.5,
      `row ${row + 1}'s receive: ${JSON.stringify(band)} in ${JSON.stringify(plot)}`,
    );
  }

  // A person marks message 1 failed at this instant: an action in the link's data.
  await page.getByRole('button', { name: 'Mark failed: message 1' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.dlq-table tbody tr').length === 1);
  assert.equal(await page.getByLabel('What people do (seconds)').inputValue(), 'fix@7200,redrive@10800,fail:1@5400');
  assert.deepEqual(
    [await counter(page, 'marked_failed'), await counter(page, 'redriven'), await counter(page, 'delivered')],
    ['1', '1', '9'],
  );
  // The actions are listed in words, each removable by its ✕.
  const listed = page.getByRole('list', { name: "This run's actions" });
  const items = (await listed.getByRole('listitem').allTextContents()).map((s) => s.replace('✕', '').trim());
  assert.equal(items.length, 3);
  assert.match(items[0], /^Fix the bug, at 2 h/);
  assert.match(items[1], /^Redrive the whole DLQ, at 3 h/);
  assert.match(items[2], /^Mark failed: message 1, at 1 h 30 min/);
  await listed.getByRole('button', { name: `Remove: ${items[2]}` }).click();
  await page.waitForFunction(() => document.querySelectorAll('.dlq-table tbody tr').length === 2);
  assert.equal(await page.getByLabel('What people do (seconds)').inputValue(), 'fix@7200,redrive@10800');
  await page.getByRole('button', { name: 'Mark failed: message 1' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.dlq-table tbody tr').length === 1);

  // Back to 10 minutes in: nothing in the DLQ yet, no alert.
  await moreParams(page);
  const instant = page.getByLabel('Instant shown', { exact: true });
  await instant.fill('600');
  await instant.dispatchEvent('change');
  await page.waitForFunction(() => !document.querySelector('.dlq-alert').classList.contains('on'));
  // The scene's slider stands at the same instant and says it in words.
  assert.equal(await page.getByLabel('Instant', { exact: true }).getAttribute('aria-valuetext'), '10 min');

  // Without a DLQ the poison holds both workers for days; a short DLQ retention loses messages unseen.
  await choosePreset(page, 'no-dlq');
  await page.waitForFunction(() => document.querySelector('[data-counter=poison_time] dd')?.textContent.includes(' d '));
  assert.equal(await counter(page, 'dead_lettered'), '0');
  await choosePreset(page, 'dlq-retention');
  await page.waitForFunction(() => document.querySelector('[data-counter=expired_unseen] dd')?.textContent.trim() === '2');
  assert.equal(await counter(page, 'expired_dlq'), '2');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the README's instructor link opens naming exercise 5 and its change; the rule's value names the rule; the menu holds this tab's scenarios", async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004/?v=3&preset=exercise-5&exp=visibility&lang=es&visibility_s=300`);
  await page.locator('.gantt').waitFor();
  const menu = page.getByLabel('Escenario');
  const named = await menu.locator('option:checked').textContent();
  assert.match(named, /^Ejercicio 5.* \(cambiado: Visibility timeout 300 s\)$/, named);
  // The caption names it too, once the figure's question is answered (or skipped).
  const skip = page.getByRole('button', { name: 'Ver sin estimar' });
  if (await skip.count()) await skip.click();
  assert.match(
    await page.locator('.hero .scenario-shown').textContent(),
    /Ejercicio 5.*\(cambiado: Visibility timeout 300 s\)/,
    'the caption names it too',
  );
  await page.waitForFunction(() => location.search.includes('preset=exercise-5&') && location.search.includes('visibility_s=300'));
  // Only the visibility tab's scenarios (the page has four tabs' worth).
  const codes = await menu.locator('option[value]:not([value=""])').evaluateAll((options) => options.map((o) => o.value));
  assert.ok(codes.includes('exercise-5-rule') && !codes.includes('lesson-004'), codes.join(' '));
  // The lesson's rule typed in is exactly another scenario: named so, in the menu and the link.
  const timeout = page.getByRole('textbox', { name: 'Visibility timeout' });
  await timeout.fill('480');
  await timeout.dispatchEvent('change');
  await page.waitForFunction(() => location.search.includes('preset=exercise-5-rule'));
  assert.equal(await menu.inputValue(), 'exercise-5-rule');
  assert.deepEqual(errors, []);
  await page.close();
});
