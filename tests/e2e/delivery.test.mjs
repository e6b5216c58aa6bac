// Lesson 001's page as a learner uses it: the cursor and where the dedup
// record is written, by accessible names, with the lessons' numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, moreParams, reveal, choosePreset } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const cells = async (page, selector) => (await page.locator(selector).locator('td').allTextContents()).map((s) => s.trim());

test('the cursor: lost after 5 batches, 150 reads; a crash before saving re-reads one batch', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-000-ids/?exp=cursor&lang=en');
  await page.locator('.cursor-table').waitFor();
  // Columns: naive, idempotent.
  assert.deepEqual(await cells(page, '[data-row=reads]'), ['150', '150']);
  assert.deepEqual(await cells(page, '[data-row=effects]'), ['150', '100']);
  assert.deepEqual(await cells(page, '[data-row=discarded]'), ['0', '50']);
  assert.equal(await page.locator('.cursor-log svg g').count(), 15, 'a row per batch read');
  await page.getByLabel('Fault', { exact: true }).selectOption('crash-before-save');
  await page.waitForFunction(() => document.querySelector('[data-row=reads] td')?.textContent.trim() === '110');
  assert.deepEqual(await cells(page, '[data-row=discarded]'), ['0', '10']);
  assert.equal(await page.locator('.cursor-log svg .reread').count(), 1, 'only that batch is read again');
  assert.deepEqual(errors, []);
  await page.close();
});

test("lesson 001's message, drawn: the crash moved along it gives one effect, a duplicate or a gap", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-001/?lang=en');
  const steps = page.getByRole('list', { name: 'One message between the queue, the consumer and the database, step by step.' });
  await steps.waitFor();
  const effects = () => page.locator('.seq-effects').getAttribute('data-effects');
  const insight = () => page.locator('.hero .insight').textContent();
  // The page opens on it, asking first: lesson 001's code, the power cut after the commit.
  assert.match(await insight(), /how many effects does this message leave/);
  await page.getByRole('button', { name: 'Show without estimating' }).click();
  assert.equal(await effects(), '1');
  assert.match(await steps.textContent(), /Consumer: discards the duplicate/);
  assert.match(await insight(), /already recorded and is discarded: 1 effect/);
  const crash = page.getByLabel('Where the consumer crashes');
  const consumer = page.getByLabel('The consumer', { exact: true });
  const effectsBe = (n) => page.waitForFunction((n) => document.querySelector('.seq-effects')?.dataset.effects === n, n);
  // Inside the transaction, a crash before the id is written rolls the effect back.
  await crash.fill('2');
  await page.waitForFunction(() => document.querySelectorAll('.seq .rolled-back').length === 1);
  assert.equal(await effects(), '1', 'rolled back, then done once');
  assert.equal(await crash.getAttribute('aria-valuetext'), 'before recording the id');
  // The ladder's lower rungs: at least once repeats, at most once loses.
  await consumer.selectOption('ack-after');
  await effectsBe('2');
  assert.match(await insight(), /2 effects, a duplicate/);
  await page.locator('[data-task="dedup-one-duplicate"].task-done').waitFor();
  await consumer.selectOption('ack-first');
  await crash.fill('1');
  await effectsBe('0');
  assert.match(await insight(), /got the ack before the effect/);
  await crash.fill('3');
  await effectsBe('1');
  assert.equal(await crash.getAttribute('aria-valuetext'), 'no crash');
  // The id written first, outside the transaction: a gap.
  await consumer.selectOption('record-first');
  await effectsBe('0');
  assert.match(await insight(), /id was committed and the effect was not/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('where the dedup record goes: one transaction, effect first, record first; a unique constraint', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-001/?exp=dedup&lang=en');
  // The table waits, hidden, until the learner answers the figure's question (or looks).
  await page.locator('.dedup-table').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Show without estimating' }).click();
  await page.locator('.dedup-table').waitFor();
  const row = (code) => cells(page, `[data-placement=${code}]`);
  assert.deepEqual((await row('same_tx')).slice(0, 4), ['1,060', '1,000', '60', '0']);
  assert.deepEqual((await row('effect_then_record')).slice(0, 4), ['1,060', '1,060', '0', '0']);
  assert.deepEqual((await row('record_then_effect')).slice(0, 4), ['1,060', '942', '60', '58']);
  const verdict = page.locator('.concurrent .verdict');
  assert.equal(await verdict.getAttribute('data-effects'), '2');
  await page.getByLabel('Unique constraint on the id').selectOption('on');
  await page.waitForFunction(() => document.querySelector('.concurrent .verdict')?.dataset.effects === '1');
  // Another seed: the same engine, other numbers, still no loss in one transaction.
  await moreParams(page);
  const seed = page.getByLabel('Seed');
  await seed.fill('1');
  await seed.dispatchEvent('change');
  await page.waitForFunction(() => document.querySelector('[data-placement=same_tx] td:nth-child(2)')?.textContent.trim() !== '1,060');
  assert.equal((await row('same_tx'))[3], '0');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an expiring record: a 300 s TTL lets the repeats at 450 and 930 s through; the whole schedule protects them', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003-actions/?exp=ttl&lang=en');
  await reveal(page);
  await page.locator('.ttl-line').waitFor();
  const counter = async (key) => (await page.locator(`[data-counter=${key}] dd`).textContent()).trim();
  assert.deepEqual([await counter('effects'), await counter('again')], ['3', 'at 450 s, 930 s']);
  assert.equal(await page.locator('.ttl-line .ttl-mark.processed-again').count(), 2);
  // The id's validity drawn as wide as it lasts (its bands once lay 2 px wide, unpositioned).
  const band = await page.locator('.ttl-track .record-band').first().boundingBox();
  const track = await page.locator('.ttl-track').boundingBox();
  assert.ok(
    Math.abs(band.width / track.width - 0.15) < 0.02,
    `the id's first band spans 300 of 2,000 s: ${band.width} of ${track.width} px`,
  );
  await choosePreset(page, 'ttl-schedule');
  await page.waitForFunction(() => document.querySelector('[data-counter=effects] dd')?.textContent.trim() === '1');
  assert.equal(await page.locator('.ttl-line .ttl-mark.discarded').count(), 6);
  assert.equal(await counter('again'), 'never');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the expiring record's first repetitions are drawn apart, on a phone too", async () => {
  // 30 s and 90 s are 60 s apart, about 10 px of a 360 px screen's track:
  // their circles overlapped. With a 10 s TTL every delivery is processed
  // again, in one row, and 0 s and 30 s touched at any width.
  for (const [width, height, ttl] of [
    [360, 780, 300],
    [360, 780, 10],
    [1280, 900, 10],
  ]) {
    const { page, errors } = await open(browser, server.base + `lesson-003-actions/?exp=ttl&ttl_s=${ttl}&lang=en`, {
      viewport: { width, height },
    });
    await reveal(page);
    await page.locator('.ttl-line').waitFor();
    const marks = await page.locator('.ttl-track .ttl-mark').evaluateAll((all) => all.map((m) => m.getBoundingClientRect().toJSON()));
    assert.equal(marks.length, 6, `TTL ${ttl} s: the first delivery and 5 repetitions drawn`);
    for (const [i, a] of marks.entries()) {
      for (const b of marks.slice(i + 1)) {
        // Circles: apart when their centres are a diameter apart.
        const gap = Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2));
        assert.ok(
          gap >= (a.width + b.width) / 2,
          `${width} px, TTL ${ttl} s: circles at (${a.x}, ${a.y}) and (${b.x}, ${b.y}), ${a.width} px, overlap`,
        );
      }
    }
    const track = await page.locator('.ttl-track').boundingBox();
    assert.ok(Math.max(...marks.map((m) => m.bottom)) <= track.y + track.height, `TTL ${ttl} s: the marks stay above the axis`);
    if (width > 360) {
      // Where 60 s is room enough, no mark leaves its row but the one 30 s after another.
      assert.equal(new Set(marks.slice(2).map((m) => m.y)).size, 1, `${width} px: the marks from 90 s on share a row`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the ack table names its semantics, breaks effects down per message, and the broker duplicates with no crash', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=ack&lang=en');
  // While the guess (60 extra effects) waits, the breakdown («56 with 2, 2 with 3») would give it away.
  await page.locator('.hero-waiting').waitFor();
  assert.doesNotMatch(await page.locator('body').innerText(), /942 messages|56 with 2/, 'the breakdown waits with the figure');
  await reveal(page);
  await page.locator('tr[data-mode="after"]').waitFor();
  const semantics = await page.locator('tr[data-mode] .semantics').allTextContents();
  assert.deepEqual(semantics, ['at-most-once', 'at-least-once', 'the effect once: at-least-once + an idempotent consumer']);
  assert.match(
    await page.locator('[data-breakdown=after]').textContent(),
    /942 messages with 1 effect, 56 with 2, 2 with 3\. 58 messages took effect more than once/,
  );
  const insight = () => page.locator('.hero .insight').textContent();
  assert.match(await insight(), /a consumer that crashes on 5% of deliveries/);
  assert.match(await page.locator('.ack-timing').textContent(), /this is the lesson's table/);
  await choosePreset(page, 'broker-duplicates');
  await page.waitForFunction(() => document.querySelector('tr[data-mode="after"] td:nth-child(3)')?.textContent.trim() !== '1,060');
  // No crash: the headline says so, and the lesson's table is no longer claimed.
  assert.match(await insight(), /a consumer that never crashes/);
  assert.doesNotMatch(await page.locator('.ack-timing').textContent(), /this is the lesson's table/);
  const after = await page.locator('tr[data-mode="after"] td').allTextContents();
  const dedup = await page.locator('tr[data-mode="after-dedup"] td').allTextContents();
  assert.ok(Number(after[1].replace(',', '')) > 1000, `after: ${after}`);
  assert.deepEqual([dedup[1], dedup[3]], ['1,000', '0']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the ack table on a phone: every count of every way of acking inside the screen, «Perdidos 58» without scrolling sideways', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=ack&lang=es', { viewport: { width: 360, height: 780 } });
  await reveal(page);
  const lost = page.locator('tr[data-mode="before"] td.lost');
  await lost.waitFor();
  assert.equal((await lost.innerText()).trim(), '58');
  assert.equal(await lost.evaluate((td) => getComputedStyle(td, '::before').content), '"Perdidos"', 'the number under its name');
  const { scrollWidth, clientWidth } = await page
    .locator('.ack-timing .table-scroll')
    .evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  assert.ok(scrollWidth <= clientWidth, `the table is ${scrollWidth} px wide in a ${clientWidth} px box`);
  for (const box of await page.locator('.ack-table td').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().right))) {
    assert.ok(box <= 360, `a count ends at ${box} px`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('double publication through the engine: naive 40, idempotent by v4 40, by uuid5 20', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-000-ids/?exp=publish&lang=en');
  await page.locator('.publish-table').waitFor();
  assert.deepEqual(await cells(page, '.publish-table [data-row=effects]'), ['40', '40', '20']);
  assert.deepEqual(await cells(page, '.publish-table [data-row=discarded]'), ['0', '0', '20']);
  // The first fact's two publications: two v4 ids, one uuid5.
  const ids = await page
    .locator('.publish-ids tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
  const first = ids.filter((r) => r[0] === ids[0][0]);
  assert.equal(first.length, 2);
  assert.notEqual(first[0][2], first[1][2]);
  assert.equal(first[0][3], first[1][3]);
  await page.getByLabel('Each fact is published').selectOption('1');
  await page.waitForFunction(() => document.querySelector('.publish-table [data-row=effects] td')?.textContent.trim() === '20');
  assert.deepEqual(await cells(page, '.publish-table [data-row=effects]'), ['20', '20', '20']);
  assert.deepEqual(errors, []);
  await page.close();
});

test("an experiment's former page passes its links on: the cursor and the double publication to «At-least-once», the expiring record to «Confiabilidad a escala»'s second page (from «Garantías de entrega» and from the storm's page, where it was before)", async () => {
  for (const [from, to, marker] of [
    ['lesson-001/?exp=cursor&fault=crash-before-save&lang=en', 'lesson-000-ids/', '.cursor-table'],
    ['lesson-001/?exp=publish&lang=en', 'lesson-000-ids/', '.publish-table'],
    ['lesson-001/?exp=ttl&ttl_s=1890&lang=en', 'lesson-003-actions/', '.ttl-line'],
    ['lesson-003/?exp=ttl&ttl_s=1890&lang=en', 'lesson-003-actions/', '.ttl-line'],
  ]) {
    const { page, errors } = await open(browser, server.base + from);
    await page.waitForURL((url) => url.pathname.endsWith('/' + to));
    await page.locator(marker).waitFor();
    assert.match(page.url(), new RegExp(from.split('?')[1].split('&')[0]), `${from}: the experiment kept`);
    if (from.includes('crash-before-save'))
      assert.equal(await page.getByLabel('Fault', { exact: true }).inputValue(), 'crash-before-save', 'its parameters kept');
    // Its field (the TTL is also a handle on the figure, a slider by the same name).
    if (from.includes('ttl_s')) assert.equal(await page.getByRole('textbox', { name: /TTL/ }).inputValue(), '1,890');
    assert.deepEqual(errors, []);
    await page.close();
  }
});
