// «Colas y streams»' third page as a learner uses it: the age of the
// oldest message against the depth, a message against each broker's limit,
// and reading a log again within its retention.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, onLaptop, moreParams, choosePreset } from './harness.mjs';

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

/** The middle of a chart's horizontal line, in page pixels. */
const lineY = (page, selector) =>
  page.locator(selector).evaluate((l) => {
    const r = l.getBoundingClientRect();
    return r.top + r.height / 2;
  });

test('alert on age: the 3 min alert and the 5 min promise stand apart under a 50 min climb; its handle rides its line past the knee', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-ops/?exp=age&lang=en');
  const chart = '[data-chart=age]';
  await page.locator(`${chart} .axis-knee`).waitFor({ state: 'attached' });
  assert.match(await page.locator(`${chart} .age-chart-title`).textContent(), /axis up to 50 min, compressed above 10 min/);
  const [alert, promise] = [await lineY(page, `${chart} .alert-threshold`), await lineY(page, `${chart} .promise-line`)];
  // On an even 0–50 min scale the two lay 4 px apart.
  assert.ok(alert - promise >= 10, `alert at ${alert} px, promise at ${promise} px`);
  const handle = page.getByRole('slider', { name: 'Age alert' });
  const onItsLine = async () => {
    const box = await handle.boundingBox();
    const line = await lineY(page, `${chart} .alert-threshold`);
    assert.ok(Math.abs(box.y + box.height / 2 - line) <= 3, `handle at ${box.y + box.height / 2} px, its line at ${line} px`);
  };
  await onItsLine();
  // Its words on its own dashed line, clear of the promise's red one (named on it).
  const words = await handle.locator('.handle-value').boundingBox();
  assert.ok(
    Math.abs(words.y + words.height / 2 - alert) <= 4,
    `the alert's words centred at ${words.y + words.height / 2} px, its line at ${alert} px`,
  );
  assert.ok(words.y > promise, `the alert's words from ${words.y} px, the promise at ${promise} px`);
  assert.equal(await page.locator(`${chart} .promise-words`).textContent(), 'the promise 5 min');
  await handle.focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('age_alert_s') !== null);
  const knee = await lineY(page, `${chart} .axis-knee`);
  assert.ok((await lineY(page, `${chart} .alert-threshold`)) < knee, 'the alert dragged above the knee');
  await onItsLine();
  assert.deepEqual(errors, []);
  await page.close();
});

test('alert on age: a poison message ages the queue, not its depth; maxReceiveCount 5 takes it to the DLQ first', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-ops/?exp=age', { locale: 'es-MX' });
  await page.locator('.age-figure').waitFor();
  const insight = page.locator('figcaption.insight');
  assert.match(
    await insight.textContent(),
    /no se mueve de 50 mensajes: esa alerta nunca suena.*la alerta de edad suena a los 14 min, antes de que se rompa la promesa/,
  );
  assert.match(await page.locator('[data-chart=depth] .chart-note').textContent(), /nunca pasa el umbral/);
  assert.equal(await page.locator('[data-chart=age] .alert-fires').count(), 1, 'the instant the age alert fires, on the chart');
  const receives = page.getByLabel('maxReceiveCount (0: sin DLQ)');
  await receives.fill('5');
  await receives.press('Enter');
  await insight.filter({ hasText: /pasa a la DLQ a los 12 min 30 s/ }).waitFor();
  await page.locator('[data-task="age-dlq"].task-done').waitFor();
  assert.equal(await page.locator('[data-chart=age] .alert-fires').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('size: a 10 MiB photo is refused by every broker, its address is not; 300 KiB fits SQS today, not before August 2025', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-ops/?exp=size&lang=en');
  await page.locator('.size-chart').waitFor();
  assert.deepEqual(await page.locator('.size-row').evaluateAll((rows) => rows.map((r) => r.dataset.accepted)), ['false', 'false', 'false']);
  await page.getByLabel('Claim check').selectOption('on');
  await page.waitForFunction(() => document.querySelector('[data-counter=message_bytes] dd')?.textContent.trim() === '45 B');
  assert.equal(await counter(page, 'per_day'), '450 MB');
  assert.deepEqual(await page.locator('.size-row').evaluateAll((rows) => rows.map((r) => r.dataset.accepted)), ['true', 'true', 'true']);
  await page.locator('[data-task="size-claim-check"].task-done').waitFor();
  await choosePreset(page, 'pdf-300kib');
  await page.waitForFunction(() => document.querySelector('[data-counter=message_bytes] dd')?.textContent.trim() === '300 KiB');
  assert.deepEqual(await page.locator('.size-row').evaluateAll((rows) => rows.map((r) => r.dataset.accepted)), ['true', 'false', 'true']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('retention: a week keeps yesterday (86.4 M events again in 6 h); a year back is already deleted', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-ops/?exp=retention&lang=en');
  await page.locator('.retention-chart').waitFor();
  assert.deepEqual(
    [await counter(page, 'replay_events'), await counter(page, 'replay_time'), await counter(page, 'reader_events')],
    ['86.4 M', '6 h', '604.8 M'],
  );
  const back = page.getByLabel('Replay from (hours ago)');
  await back.fill('8760');
  await back.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-counter=replay_events] dd')?.textContent.trim() === 'already deleted');
  assert.match(await page.locator('figcaption.insight').textContent(), /the source of truth is the data lake/);
  await page.locator('[data-task="retention-a-year"].task-done').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("«¿alguien espera?»: the queues' page opens on it; synchronous callers fail while the workers are down, the queue loses none; a 50 ms job is slower through the queue", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?lang=en');
  await page.locator('.waits-chart').waitFor();
  assert.deepEqual(
    [await counter(page, 'sync_failed'), await counter(page, 'queue_accept'), await counter(page, 'queue_last')],
    ['8', '10 ms', '21 s'],
  );
  assert.equal(await page.locator('.caller-failed').count(), 8 + 1, 'each failed call drawn, and its legend mark');
  const insight = () => page.locator('.waits .hero .insight').textContent();
  assert.doesNotMatch(await insight(), /nobody is waiting/, "the PDF's caller asks later, as it should");
  await choosePreset(page, 'ana-request');
  await page.waitForFunction(() => document.querySelector('[data-counter=sync_wait] dd')?.textContent.trim() === '50 ms');
  assert.deepEqual([await counter(page, 'sync_failed'), await counter(page, 'queue_seen')], ['0', '1 s']);
  // Ana's request lives 300 ms: the queue's result comes too late for her.
  assert.match(await insight(), /the result up to 1 s later: longer than the 300 ms the request lives, nobody is waiting any more\./);
  // The preset shows the case; the learner's own change of the run does the task.
  assert.equal(await page.locator('[data-task="waits-fast-job"].task-done').count(), 0, 'choosing the preset does not do it');
  const job = page.getByLabel('Each job takes');
  if (!(await job.isVisible())) await moreParams(page);
  await job.fill('60');
  await job.press('Enter');
  await page.locator('[data-task="waits-fast-job"].task-done').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("DLQ on a laptop's first screen: the lifelines' key is above the rows, clear of the timeout's words, and the axis clear of the sticky bar", async () => {
  // A 20 s timeout puts the handle's words under the key's end («en la DLQ»).
  for (const [lang, timeout] of [
    ['es', 20],
    ['en', 900],
  ]) {
    const url = `${server.base}lesson-004-ops/?exp=dlq&lang=${lang}&dlq_visibility_s=${timeout}`;
    await onLaptop(browser, url, async (page) => {
      const box = (selector) => page.locator(selector).first().boundingBox();
      const [key, words, rows, axis, bar] = await Promise.all(
        ['.lifelines .legend', '.lifelines .handle-value', '.lifelines svg', '.lifelines .tick-axis span', '.scene-bar'].map(box),
      );
      const at = `${lang}, timeout ${timeout} s: key ${JSON.stringify(key)}, words ${JSON.stringify(words)}, axis ${JSON.stringify(axis)}, bar ${JSON.stringify(bar)}`;
      assert.ok(key.y + key.height <= rows.y, `the key is above the rows (${at})`);
      assert.ok(key.y + key.height <= words.y + 1, `the key ends above the handle's words (${at})`);
      assert.ok(axis.y + axis.height <= bar.y, `the axis's labels end above the scene's bar (${at})`);
      assert.ok(bar.y + bar.height <= 900, `the bar is in the first screen (${at})`);
    });
  }
});

// The DLQ's lifelines appear as the clock passes them: what has not
// happened yet waits under a veil from the instant to the chart's end
// (at 0 s, all of it; each step uncovers more), and at 0 s the scene says
// exercise 8's sum.
test('DLQ: the clock uncovers the lifelines as it passes them; at 0 s the scene says which messages fail and when the DLQ takes them', async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-ops/?exp=dlq&lang=en`);
  const skip = page.getByRole('button', { name: 'Show without estimating' });
  await skip.click();
  const chart = page.locator('.lifelines .annotated');
  const veil = page.locator('.lifelines .dlq-now');
  // The veil slides (a transform) inside a frame that clips it at the
  // chart's end: what it covers runs from its left edge to there.
  const covered = async () => {
    const [v, c] = [await veil.boundingBox(), await chart.boundingBox()];
    return (c.x + c.width - v.x) / c.width;
  };
  const clock = page.locator('output.clock-value');
  await page.locator('.scene-bar button.reset').click();
  await page.waitForFunction(() => document.querySelector('output.clock-value').textContent.startsWith('0 s'));
  assert.ok((await covered()) > 0.97, `at 0 s ${await covered()} of the chart is veiled`);
  assert.match(
    await page.locator('.scene-now').textContent(),
    /Messages 1 and 6 always fail: 5 receives × 15 min = at least 1 h 15 min to the DLQ\./,
  );
  const widths = [await covered()];
  for (let step = 0; step < 3; step++) {
    const before = await clock.textContent();
    await page.locator('.scene-bar button.step').click();
    await page.waitForFunction((b) => document.querySelector('output.clock-value').textContent !== b, before);
    widths.push(await covered());
  }
  assert.ok(
    widths.every((w, i) => i === 0 || w < widths[i - 1]),
    `each step uncovers more: ${widths.map((w) => w.toFixed(3))}`,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

// The scene's instant is a parameter of the DLQ's, but the clock shows it:
// moving it is no reason to open «More parameters» (it opened as the scene
// played, 500 px of controls under the chart).
test('DLQ: playing the scene leaves «More parameters» as the learner left it', async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-ops/?exp=dlq&lang=en`);
  await page.getByRole('button', { name: 'Show without estimating' }).click();
  const more = page.locator('.hero-side details.more-params');
  const clock = page.locator('output.clock-value');
  await page.locator('.scene-bar button.reset').click();
  await page.waitForFunction(() => document.querySelector('output.clock-value').textContent.startsWith('0 s'));
  assert.equal(await more.evaluate((d) => d.open), false, 'reset to 0 s');
  await page.locator('.scene-bar button.play').click();
  await page.waitForFunction(() => !document.querySelector('output.clock-value').textContent.startsWith('0 s'));
  assert.equal(await more.evaluate((d) => d.open), false, `playing, at ${await clock.textContent()}`);
  // A parameter the learner moves still opens it.
  await page.locator('.scene-bar button.play').click();
  await page.goto(`${server.base}lesson-004-ops/?exp=dlq&lang=en&dlq_job_s=20`);
  await page.locator('.hero-side').waitFor();
  assert.equal(await more.evaluate((d) => d.open), true, 'the job moved to 20 s');
  assert.deepEqual(errors, []);
  await page.close();
});
