// Lesson 004's streams as a learner uses them (lesson-004-streams/): the
// lesson's numbers through the presets and the controls, by accessible names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, reveal, seekScene, choosePreset } from './harness.mjs';

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
const waitCounter = (page, key, value) =>
  page.waitForFunction(([k, v]) => document.querySelector(`[data-counter=${k}] dd`)?.textContent.trim() === v, [key, value]);

test("partitions and keys, then the lag: the lesson's six events and exercise 9", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=partitions&lang=en');
  const crc = page.locator('figure.topic[data-hash=crc32]');
  await crc.waitFor();
  // listing-42 to partition 2 at offsets 0, 1, 3; listing-7 to 1 at 0, 1; listing-99 to 2 at 2; partition 0 empty.
  const offsets = (p) =>
    crc
      .locator(`[data-partition="${p}"] .cell`)
      .evaluateAll((cells) => cells.map((c) => `${c.dataset.key}@${c.querySelector('.offset').textContent}`));
  assert.deepEqual(await offsets(2), ['listing-42@0', 'listing-42@1', 'listing-99@2', 'listing-42@3']);
  assert.deepEqual(await offsets(1), ['listing-7@0', 'listing-7@1']);
  assert.equal(await crc.locator('[data-partition="0"] .cell').count(), 0);
  // The arithmetic: zlib.crc32(b"listing-42") = 235,534,076, remainder 2 over 3 partitions.
  await crc.getByText('listing-42: 235,534,076 ÷ 3, remainder 2').waitFor();
  await choosePreset(page, 'exercise-9-resize');
  await page.locator('figure.topic .cell.moves').first().waitFor();

  await page.getByRole('button', { name: 'Consumer lag' }).click();
  await reveal(page);
  await page.locator('.lag-chart').waitFor();
  const counter = async (key) => (await page.locator(`[data-counter=${key}] dd`).textContent()).trim();
  assert.deepEqual([await counter('consume'), await counter('spare'), await counter('catch_up')], ['21,600/s', '1,600/s', '12 min 30 s']);
  // Exercise 9's two times, reconciled: 10 minutes to fall 1.2 M behind at a
  // 2,000/s deficit, and the 60 s those messages took to arrive (the alert's).
  assert.deepEqual([await counter('behind_for'), await counter('lag_time')], ['10 min', '60 s']);
  assert.match(
    await page.locator('.lag .dlq-alert').textContent(),
    /^At “now” the lag is at the ≈ 60 s line \(60 s\): the group is behind\./,
  );
  await choosePreset(page, 'exercise-9b');
  await page.waitForFunction(() => document.querySelector('[data-counter=catch_up] dd')?.textContent.trim() === '1 min 15 s');
  await choosePreset(page, 'more-consumers');
  await page.waitForFunction(() => document.querySelector('[data-counter=catch_up] dd')?.textContent.trim() === 'never');
  assert.equal(await counter('idle'), '8');
  // Falling behind from 60 s: the alert fires once the lag has stayed above ≈ 60 s for 5 minutes.
  assert.match(await page.locator('.lag .dlq-alert').textContent(), /(suena a los|fires at) 5 min/);
  assert.equal(await page.locator('.lag-chart .alert-fires').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("an old link to lesson 004's page opens the partitions on the streams page", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?exp=partitions&resize_to=4&lang=en');
  await page.locator('figure.topic[data-hash=crc32] .cell.moves').first().waitFor();
  assert.ok(page.url().includes('/lesson-004-streams/?exp=partitions&resize_to=4'), page.url());
  assert.deepEqual(errors, []);
  await page.close();
});

test('groups and offsets: the indexer at 3 and the sink at 1, idle consumers, a crash, head-of-line', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=groups&lang=en');
  await reveal(page);
  const p2 = page.locator('.groups [data-partition="2"]');
  await p2.waitFor();
  assert.equal(await p2.getAttribute('data-committed'), '3');
  assert.match(await p2.getAttribute('aria-label'), /indexer 3, lake sink 1/);
  await choosePreset(page, 'exercise-3');
  await waitCounter(page, 'idle', '8');
  assert.equal(await counter(page, 'reading'), '12');
  await choosePreset(page, 'kill-consumer');
  await page.locator('.hero > figcaption.insight').filter({ hasText: 'consumer 2 dies and the group rebalances' }).waitFor();
  // Drag the instant to the end: re-reads, no gaps.
  const slider = page.getByLabel('Instant', { exact: true });
  await slider.fill(await slider.getAttribute('max'));
  await page.waitForFunction(() => document.querySelector('[data-counter=gaps] dd')?.textContent.trim() === '0');
  assert.notEqual(await counter(page, 'rereads'), '0');
  assert.equal(await page.locator('.groups .cell.gap').count(), 0, 'processed before its commit: no gap marked');
  await page.getByLabel('Commit').selectOption('before');
  await page.waitForFunction(() => document.querySelector('[data-counter=rereads] dd')?.textContent.trim() === '0');
  // Committed first: each event committed and never processed is marked, as many as the counter says.
  const gaps = Number(await counter(page, 'gaps'));
  assert.ok(gaps > 0, 'committing first leaves gaps');
  assert.equal(await page.locator('.groups .cell.gap').count(), gaps);
  // At every instant the counter is a number, as many as the marked cells: none before
  // the rebalance moves the dead consumer's partitions, then the events it skipped.
  const agree = () =>
    page.waitForFunction(() => {
      const said = document.querySelector('[data-counter=gaps] dd')?.textContent.trim();
      return /^\d+$/.test(said) && Number(said) === document.querySelectorAll('.groups .cell.gap').length;
    });
  await slider.fill('0');
  await agree();
  assert.equal(await counter(page, 'gaps'), '0', 'nothing skipped at 0 s');
  for (let at = 1; at < Number(await slider.getAttribute('max')); at += 3) {
    await slider.fill(String(at));
    await agree();
  }
  // Head-of-line: the first event (listing-42, partition 2) takes 20 s; at 12 s its
  // partition is still at offset 0 while partition 1 is done.
  await choosePreset(page, 'head-of-line');
  await page.locator('.groups .hint', { hasText: 'the first event is processed' }).waitFor();
  assert.equal(await p2.getAttribute('data-committed'), '0');
  assert.notEqual(await page.locator('.groups [data-partition="1"]').getAttribute('data-committed'), '0');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the fraud counter: 9, 6, 6 and 3', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=fraud&lang=es');
  const value = (sink) => page.locator(`tr[data-sink=${sink}] .counter-value`).textContent();
  await reveal(page);
  await page.locator('tr[data-sink=add]').waitFor();
  assert.deepEqual([await value('add'), await value('upsert'), await value('dedup'), await value('commit-first')], ['9', '6', '6', '3']);
  await page.getByLabel('A procesa antes de caerse').fill('5');
  await page.getByLabel('A procesa antes de caerse').press('Enter');
  await page.waitForFunction(() => document.querySelector('tr[data-sink=add] .counter-value')?.textContent === '11');
  assert.deepEqual(errors, []);
  await page.close();
});

test('capacity: C01, exercises 4, 6 and 7', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=capacity&lang=en');
  await reveal(page);
  await page.locator('.capacity-chart').waitFor();
  assert.deepEqual(
    [await counter(page, 'sync_workers'), await counter(page, 'deepest'), await counter(page, 'newest_wait')],
    ['18', '540,000', '45 min'],
  );
  // Nobody is down in C01: no «once the workers are back» beside the drain.
  assert.equal(await page.locator('[data-counter=drain_after_back]').count(), 0);
  await page.getByRole('status').filter({ hasText: 'The promise fails' }).waitFor();
  assert.equal(await counter(page, 'oldest_age'), '25 min 43 s', 'the oldest there arrived at 720,000 ÷ 350 s');
  // «(30 min)» is joined by a no-break space, so a phone never breaks it.
  assert.equal((await counter(page, 'little_wait')).replace(/\u00a0/g, ' '), '0.5 h (30 min)', 'exercise 4 as the lesson writes it');
  assert.deepEqual(
    [await counter(page, 'keda_wanted'), await counter(page, 'keda_running'), await counter(page, 'keda_last_wait')],
    ['27', '8', '16 min 40 s'],
  );
  await page.getByRole('status').filter({ hasText: 'longer than the promise (5 min)' }).waitFor();
  await choosePreset(page, 'exercise-6');
  await waitCounter(page, 'deepest', '60,000');
  // Exercise 6 as the lesson counts it: 400 s once the workers are back (and
  // the run's clock beside it, from the outage's start).
  assert.equal(await counter(page, 'drain_after_back'), '6 min 40 s');
  assert.equal((await counter(page, 'drained')).replace(/\u00a0/g, ' '), 'at 26 min 40 s');
  await choosePreset(page, 'c01-day');
  await waitCounter(page, 'drained', 'never');
  assert.equal(await counter(page, 'after'), '1,382,400');
  assert.deepEqual(errors, []);
  await page.close();
});

// Exercise 7 is a scene of its own: 400 messages at once, one row per worker
// KEDA asks for (27), the 8 the maximum lets run filling with 20 s jobs as the
// clock passes, past the promise's line; its maximum grabbed on the rows.
test("capacity, exercise 7: the burst plays in rounds on KEDA's rows, its maximum grabbed on them", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=capacity&preset=exercise-7&lang=en');
  await reveal(page);
  const chart = page.locator('.keda-chart');
  await chart.waitFor();
  assert.equal(await page.locator('.capacity-chart').count(), 0, "the peak's scene is another");
  // In the run's seconds across (a 1,200 s axis), 27 rows of 14 down.
  assert.equal(await chart.locator('svg').getAttribute('viewBox'), '0 0 1200 378');
  // The axis ends past the answer, not on it (the figure shows while the guess waits).
  assert.equal((await chart.locator('.storm-axis span').last().textContent()).trim(), '20 min');
  const lanes = () => chart.locator('path.keda-lane').getAttribute('d');
  const ends = async () => [...(await lanes()).matchAll(/H(\d+)/g)].map((m) => Number(m[1]));
  // At the end: 8 rows, each 50 jobs of 20 s (a dash a job), and 19 idle rows over them.
  assert.deepEqual(await ends(), Array(8).fill(1000));
  assert.equal(await chart.locator('path.keda-lane').getAttribute('stroke-dasharray'), '16 4');
  assert.equal((await chart.locator('path.keda-idle').getAttribute('d')).match(/M/g).length, 19);
  await page.locator('.scene-now').filter({ hasText: 'The last one is done at 16 min 40 s: 50 rounds of 20 s.' }).waitFor();
  // At the promise: 15 rounds done of each row, 280 left.
  await page.locator('.scene-slider').fill('300000');
  await page.locator('.scene-now').filter({ hasText: 'The promise (5 min) runs out with 280 not yet done.' }).waitFor();
  assert.deepEqual(await ends(), Array(8).fill(300));
  await page.locator('.scene-slider').fill('0');
  await page.locator('.scene-now').filter({ hasText: 'KEDA asks for 27 workers and 8 run.' }).waitFor();
  assert.deepEqual(await ends(), Array(8).fill(0), 'nothing done at 0 s');
  // The maximum, on the rows' edge: End is every row KEDA asks for, all done by the promise.
  const max = page.getByRole('slider', { name: 'Most workers' });
  await max.focus();
  // Up is one more worker, and the rows' edge goes up with it (worker 1 is at the foot).
  const edge = async () => (await max.boundingBox()).y;
  const was = await edge();
  await page.keyboard.press('ArrowUp');
  await waitCounter(page, 'keda_running', '9');
  assert.ok((await edge()) < was, 'the edge moves up');
  await page.keyboard.press('End');
  await waitCounter(page, 'keda_last_wait', '5 min');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('keda_max') === '27');
  assert.equal(await chart.locator('path.keda-idle').getAttribute('d'), '', 'no row idle');
  await page.locator('figcaption.insight').filter({ hasText: 'exactly the promise (5 min)' }).waitFor();
  // Back to the peak: its depth chart and its own controls.
  await page.getByLabel('Scene', { exact: true }).selectOption('peak');
  await page.locator('.capacity-chart').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

// Boxes on the two streams charts a learner grabs, at both sizes.
const box = (locator) => locator.evaluate((e) => e.getBoundingClientRect().toJSON());
const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;

for (const [width, height] of [
  [1280, 900],
  [360, 780],
]) {
  test(`the lag's threshold is named on its line, the capacity's grip clear of its title (${width} px)`, async () => {
    const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=lag&preset=exercise-9a&lang=es', {
      viewport: { width, height },
    });
    await reveal(page);
    // Exercise 9 (a): 1.2 M behind at 20,000/s is the 60 s line itself, so
    // the level's handle lies on the threshold: the line says its own name.
    const note = page.locator('.lag-chart .level-note');
    // Short, beside the legend that names it: on a phone «umbral de la alerta: ≈ 60 s» reached over «ahora».
    assert.equal((await note.textContent()).trim(), 'umbral: ≈ 60 s');
    const level = page.getByRole('slider', { name: 'Lag (eventos atrás)' });
    // The words sit on the threshold's line, on the side away from the level's own line.
    const check = async (side) => {
      const line = await box(page.locator('.lag-chart .alert-threshold'));
      const words = await box(note);
      const edge = side === 'above' ? words.bottom : words.top;
      assert.ok(Math.abs(edge - (line.top + line.bottom) / 2) <= 3, `${side} the line: ${edge} vs ${line.top}`);
      const levelY = await level.evaluate((h) => {
        const r = h.getBoundingClientRect();
        return r.top + r.height / 2;
      });
      assert.ok(levelY <= words.top || levelY >= words.bottom, `the level's line (${levelY}) clear of the words`);
      assert.ok(apart(words, await box(page.locator('.lag-chart .handle-grip'))), 'clear of the grip');
      assert.ok(apart(words, await box(page.locator('.lag-chart .handle-value'))), "clear of the level's words");
    };
    await check('above');
    const now = await box(page.locator('.lag-chart .note-now'));
    assert.ok((await box(note)).left > now.left + 2, `the threshold's words start right of «ahora» at ${now.left}`);
    await level.press('Shift+ArrowUp');
    await page.waitForFunction(() => document.querySelector('.lag-chart .level-note.below'));
    await check('below');
    await level.press('Shift+ArrowDown');
    await level.press('Shift+ArrowDown');
    await page.waitForFunction(() => !document.querySelector('.lag-chart .level-note.below'));
    await check('above');
    // Where the alert fires, 5 min after «ahora», the two notes stand apart.
    await choosePreset(page, 'more-consumers');
    await page.locator('.lag-chart .note-fires').waitFor();
    assert.ok(
      apart(await box(page.locator('.lag-chart .note-now')), await box(page.locator('.lag-chart .note-fires'))),
      '«ahora» clear of «la alerta suena»',
    );

    await page.getByRole('button', { name: 'Capacidad' }).click();
    await reveal(page);
    const title = await box(page.locator('.capacity-chart .y-top'));
    for (const part of ['.handle-grip', '.handle-value']) {
      assert.ok(apart(title, await box(page.locator(`.capacity-chart ${part}`))), `the y-axis's title clear of ${part}`);
    }
    // C01's run lasts 3 h 29 min: its axis ends at 4 h, not 6 h.
    assert.equal((await page.locator('.capacity-chart .storm-axis span').last().textContent()).trim(), '4 h');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("the lag's clock counts from «ahora», as its axis: −10 min at the start, 0 s at the fix, + after", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=lag&preset=exercise-9a&lang=es');
  await reveal(page);
  const clock = page.locator('.scene .clock-value');
  const axis = await page.locator('.lag-chart .storm-axis').textContent();
  // The axis ends where the run does, as the clock (it ran to +20 min).
  assert.match(axis, /^−10 min\+15 min$/);
  const slider = page.getByRole('slider', { name: 'Instante' });
  await page.getByRole('button', { name: /Reiniciar/ }).click();
  await page.waitForFunction(() => document.querySelector('.scene .clock-value').textContent.startsWith('−10 min /'));
  assert.equal(await clock.textContent(), '−10 min / +15 min');
  const wide = (await slider.boundingBox()).width;
  await page.getByRole('button', { name: /Avanzar/ }).click();
  await page.waitForFunction(() => document.querySelector('.scene .clock-value').textContent === '0 s / +15 min');
  // The clock keeps its room: the slider beside it does not change width as the time's text shrinks.
  assert.ok(Math.abs((await slider.boundingBox()).width - wide) < 0.5, `${wide} px, then ${(await slider.boundingBox()).width} px`);
  assert.equal(await page.getByRole('slider', { name: 'Instante' }).getAttribute('aria-valuetext'), '0 s', 'the instant says it too');
  assert.deepEqual(errors, []);
  await page.close();
});

// The clock's «lag N» beside the line's head, never over it: at a fixed
// height it hid the line's newest stretch as the lag drained past it.
test("the lag playing: the clock's «lag N» leaves the line's head and its last stretch in view", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-streams/?exp=lag&lang=es', {
    viewport: { width: 1280, height: 900 },
  });
  await reveal(page);
  for (const share of [0.3, 0.45, 0.55, 0.7, 0.8]) {
    await seekScene(page, share);
    // The line's last 10 px and its head, on the screen, against the note's box.
    const hidden = await page.locator('.lag-chart').evaluate((chart) => {
      const line = chart.querySelector('.lag-line');
      const ctm = line.ownerSVGElement.getScreenCTM();
      const points = [];
      for (let i = 0; i < line.points.numberOfItems; i++) {
        const p = line.points.getItem(i);
        points.push(new DOMPoint(p.x, p.y).matrixTransform(ctm));
      }
      // The head, and the last corner before it (the points past the clock all sit on the head).
      const head = points.at(-1);
      const corner = points.findLast((p) => Math.hypot(p.x - head.x, p.y - head.y) > 1);
      const length = Math.hypot(corner.x - head.x, corner.y - head.y);
      const note = chart.querySelector('.note-clock').getBoundingClientRect();
      const covered = [];
      for (let px = 0; px <= Math.min(10, length); px++) {
        const [x, y] = [head.x + ((corner.x - head.x) * px) / length, head.y + ((corner.y - head.y) * px) / length];
        if (x > note.left && x < note.right && y > note.top && y < note.bottom) covered.push(px);
      }
      return covered.length;
    });
    assert.equal(
      hidden,
      0,
      `at ${share} of the run the note «${await page.locator('.lag-chart .note-clock').textContent()}» covers the line's end`,
    );
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a phone a counter's value keeps its number and its unit on one line: never «12 min 30» over «s»", async () => {
  for (const exp of ['lag', 'capacity', 'retention', 'groups']) {
    const { page, errors } = await open(browser, server.base + `lesson-004-streams/?exp=${exp}&lang=es`, {
      viewport: { width: 360, height: 780 },
    });
    await reveal(page);
    // Where each value's lines break: the words either side of each break.
    const breaks = await page.locator('.counter dd').evaluateAll((dds) =>
      dds.flatMap((dd) => {
        const text = dd.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const range = document.createRange();
        const top = (i) => {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return Math.round(range.getBoundingClientRect().top);
        };
        const found = [];
        for (let i = 1; i < text.length; i++)
          if (text.data[i] !== ' ' && top(i) > top(i - 1) + 2 && text.data[i - 1] === ' ')
            found.push([text.data.slice(0, i).trim(), text.data.slice(i)]);
        return found;
      }),
    );
    const splitUnits = breaks.filter(([, after]) => /^(\/\s?s|s|ms|min|h|d|%)(\s|\)|$)/.test(after));
    assert.deepEqual(splitUnits, [], `${exp}: a unit on a line of its own`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
