// Each caption says what its figure shows, at the instant and the setting
// shown (issue 43): its numbers are the figure's, read by accessible names at
// two instants or settings; and every page's hero caption has one style.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, moreParams, choosePreset } from './harness.mjs';
import { ENTRIES } from './budget.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const caption = (page) => page.locator('.hero > figcaption.insight');
const text = async (page) => (await caption(page).textContent()).trim();
/** Sees the figure without a guess, where the page asks for one first. */
async function reveal(page) {
  await caption(page).waitFor();
  const skip = caption(page).getByRole('button', { name: /Show without estimating|Ver sin estimar/ });
  if (await skip.count()) {
    await skip.click();
    await caption(page).locator('.prediction-result').waitFor();
  }
}

test("every page's hero caption has one style, at both sizes and in both themes", async () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      const styles = new Map();
      for (const dir of ENTRIES) {
        const { page } = await open(browser, `${server.base}${dir}?lang=es`, { viewport, colorScheme });
        await caption(page).waitFor();
        styles.set(
          dir || './',
          await caption(page).evaluate((el) => {
            const s = getComputedStyle(el);
            return `${s.fontSize} ${s.color} ${s.fontWeight}`;
          }),
        );
        await page.close();
      }
      assert.equal(new Set(styles.values()).size, 1, `${viewport.width} px, ${colorScheme}: ${JSON.stringify([...styles])}`);
    }
  }
});

test('lag, exercise 9: the group is 10 minutes behind at the ≈ 60 s line, the line inside the axis', async () => {
  for (const [lang, behind, verdict] of [
    ['es', 'El grupo lleva 10 min atrasándose: 1.2 M eventos atrás, 60 s de lag.', 'En «ahora» el lag está en la línea de ≈ 60 s'],
    ['en', 'The group has been falling behind for 10 min: 1.2 M events behind, 60 s of lag.', 'At “now” the lag is at the ≈ 60 s line'],
  ]) {
    const { page, errors } = await open(browser, `${server.base}lesson-004-streams/?exp=lag&preset=exercise-9a&lang=${lang}`);
    await reveal(page);
    assert.ok((await text(page)).startsWith(behind), await text(page));
    const alert = page.locator('.lag .dlq-alert');
    assert.ok((await alert.textContent()).startsWith(verdict));
    assert.match(await alert.getAttribute('class'), /\bwarn\b/, 'not a green «all quiet»');
    // The caption's numbers are the counters'.
    assert.equal((await page.locator('[data-counter=behind_for] dd').textContent()).trim(), '10 min');
    assert.equal((await page.locator('[data-counter=lag_time] dd').textContent()).trim(), '60 s');
    // The threshold sits inside the axis, below its top; «now» is marked between the past and the fix.
    const y = Number(await page.locator('.lag-chart .alert-threshold').getAttribute('y1'));
    assert.ok(y > 5 && y < 100, `threshold at y=${y} of 0–100`);
    await page.locator('.lag-chart .lag-now').waitFor({ state: 'attached' });
    // Another setting: half the backlog is below the line; the words follow.
    await page.getByRole('textbox', { name: lang === 'es' ? 'Lag (eventos atrás)' : 'Lag (events behind)' }).fill('600000');
    await page.getByRole('textbox', { name: lang === 'es' ? 'Lag (eventos atrás)' : 'Lag (events behind)' }).press('Enter');
    await page.waitForFunction(() => !document.querySelector('.lag .dlq-alert').classList.contains('warn'));
    assert.match(
      await alert.textContent(),
      lang === 'es' ? /^En «ahora» el lag, 30 s, está por debajo/ : /^At “now” the lag, 30 s, is below/,
    );
    assert.match(await text(page), /600,000 (eventos|events) /);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("the DLQ's caption is the instant shown, as its table", async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-ops/?exp=dlq&lang=en`);
  await caption(page).waitFor();
  await reveal(page);
  const rows = async () => page.locator('.dlq-table tbody tr:has(th)').count();
  // 1 h 30 min: two messages moved, both still there (the table's two rows), none redriven yet.
  assert.match(await text(page), /^At 1 h 30 min, 2 messages have passed through the DLQ: 2 are still there, 0 redriven\./);
  assert.equal(await rows(), 2);
  // Another instant: after the 3 h redrive, both went back and the table is empty.
  await moreParams(page);
  const instant = page.getByLabel('Instant shown', { exact: true });
  await instant.fill('14400');
  await instant.press('Enter');
  await page.waitForFunction(() => document.querySelector('.hero > figcaption.insight').textContent.startsWith('At 4 h'));
  assert.match(await text(page), /2 messages have passed through the DLQ: 0 are still there, 2 redriven\./);
  assert.equal(await rows(), 0);
  // The counters count the whole run: said over them, not the instant's caption.
  assert.equal(
    await page.locator('.dlq-ops .totals:has(+ .counter-grid)').textContent(),
    'Over the whole run (not only up to the instant shown)',
  );
  assert.deepEqual(errors, []);
  await page.close();
});

// The storm, the pools and the bounded queue count their counters over the
// whole run while the figure plays an instant: said over them (a review
// found «Con éxito 40» beside the dependency still down at 0.4 s).
test('counters of the whole run beside a scene say so, on every experiment of «Confiabilidad a escala»', async () => {
  for (const code of ['storm', 'timeouts', 'backpressure']) {
    const { page, errors } = await open(browser, `${server.base}lesson-003/?exp=${code}&lang=es`);
    await caption(page).waitFor();
    // The storm's counters hold its question's answer: hidden until the guess.
    await reveal(page);
    const note = page.locator(`[data-experiment="${code}"] .totals`).first();
    assert.equal(await note.textContent(), 'En toda la ejecución (no solo hasta el instante mostrado)', code);
    assert.ok(await note.isVisible(), code);
    assert.deepEqual(errors, [], code);
    await page.close();
  }
});

test("consumer groups: a consumer that dies is told and marked at the instant, the rebalance's partitions on the figure", async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-streams/?exp=groups&preset=kill-consumer&lang=en&group_at_s=3`);
  await caption(page).waitFor();
  await reveal(page);
  assert.match(await text(page), /Consumer 2 dies at 6 s: move the instant past it to see the rebalance\./);
  assert.equal(await page.locator('.partition.moved').count(), 0);
  // The scene's instant (milliseconds on its slider), past the crash.
  const instant = page.getByLabel('Instant', { exact: true });
  await instant.fill('12000');
  await page.waitForFunction(() => document.querySelector('.hero > figcaption.insight').textContent.includes('rebalances'));
  const said = await text(page);
  const moved = [...said.matchAll(/partition (\d+) goes to consumer (\d+)/g)].map((m) => [m[1], m[2]]);
  assert.ok(moved.length > 0, said);
  // Each partition the caption names is marked on the figure, with its new owner and whose it was.
  for (const [partition, heir] of moved) {
    const row = page.locator(`.topic .partition.moved[data-partition="${partition}"]`);
    assert.match(await row.locator('.partition-name').textContent(), new RegExp(`${heir}.*\\(was 2's\\)`));
  }
  assert.equal(await page.locator('.topic .partition.moved').count(), moved.length);
  const rereads = said.match(/(\d+) events have been read twice/)[1];
  assert.equal((await page.locator('[data-counter=rereads] dd').textContent()).trim(), rereads);
  assert.deepEqual(errors, []);
  await page.close();
});

test("capacity: C01's peak drains after the peak (no worker was down), with its 45-minute wait; exercise 6 after the workers", async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-streams/?exp=capacity&preset=c01-peak&lang=en`);
  await caption(page).waitFor();
  await reveal(page);
  const said = await text(page);
  assert.match(
    said,
    /^The queue reaches 540,000 messages as the peak ends \(the newest waits 45 min\) and drains .* later: the queue absorbs the peak\./,
  );
  assert.doesNotMatch(said, /workers are back/);
  assert.equal((await page.locator('[data-counter=deepest] dd').textContent()).trim(), '540,000');
  // Exercise 6 asks its own number (the drain), a question of its own.
  await page.getByLabel('Scenario').selectOption('exercise-6');
  await caption(page).getByText('once the workers are back, how long does the queue take to empty?').waitFor();
  await reveal(page);
  await page.waitForFunction(() => /after the workers are back/.test(document.querySelector('.hero > figcaption.insight').textContent));
  assert.match(await text(page), /drains 6 min 40 s after the workers are back/);
  // The promise is every message's: the first in waited the 20 minutes the workers were down.
  await page.getByRole('status').filter({ hasText: 'The promise fails: a message waits 20 min.' }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("partitions: the caption is where this run's keys land, as the figure draws them", async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-streams/?exp=partitions&lang=en`);
  await caption(page).waitFor();
  for (const partitions of ['3', '4']) {
    if (partitions !== '3') {
      await page.getByLabel('Partitions', { exact: true }).fill(partitions);
      await page.getByLabel('Partitions', { exact: true }).press('Enter');
      await page.waitForFunction(
        (n) => document.querySelector('.hero > figcaption.insight').textContent.includes(` over ${n} partitions:`),
        partitions,
      );
    }
    const said = await text(page);
    const placed = [...said.matchAll(/(listing-\d+) → (\d+)/g)];
    assert.equal(placed.length, 3, said);
    for (const [, key, partition] of placed) {
      const cells = page.locator(`figure.topic[data-hash=crc32] .cell[data-key="${key}"]`);
      const inRow = await cells.evaluateAll((all) => all.map((c) => c.closest('.partition').dataset.partition));
      assert.ok(inRow.length > 0 && inRow.every((p) => p === partition), `${key} → ${partition}: drawn in ${inRow}`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("the storm's verdict, at the loads where the lesson's claim holds and where it stops, is the engine's", async () => {
  for (const [clients, words] of [
    [20, /the dependency withstands the synchronized wave: jitter has nothing to fix/],
    [100, /With jitter it stays up, as «Confiabilidad a escala» says|With jitter the calls spread out and it stays up/],
    [
      500,
      /With 500 clients jitter is not enough: it spreads the retries over windows of up to 1\.6 s, and about 31 calls still land in every 100 ms of them, more than the 20 it absorbs\./,
    ],
  ]) {
    const { page, errors } = await open(browser, `${server.base}lesson-003/?exp=storm&lang=en&clients=${clients}`);
    await reveal(page);
    assert.match(await text(page), words, `${clients} clients`);
    // The figure shades the outage and each collapse the caption counts.
    const bands = await page.locator('.storm-side[data-side="a"] .band-down').count();
    const collapses = Number((await page.locator('.storm-side[data-side="a"] [data-counter=collapses] dd').textContent()).trim());
    assert.equal(bands, 1 + collapses, `${clients} clients: the outage and ${collapses} collapses shaded`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the age alert fires before the promise breaks, the promise drawn as its own line', async () => {
  const { page, errors } = await open(browser, `${server.base}lesson-004-ops/?exp=age&lang=en`);
  await reveal(page);
  assert.match(await text(page), /the age alert goes off at 14 min, before the 5 min promise breaks \(at 15 min 1 s\)/);
  await page.locator('.age-chart[data-chart=age] .promise-line').waitFor({ state: 'attached' });
  await choosePreset(page, 'age-poison-dlq');
  await page.waitForFunction(() => /DLQ/.test(document.querySelector('.hero > figcaption.insight').textContent));
  assert.deepEqual(errors, []);
  await page.close();
});
