// Lesson 003's page as a learner uses it: the retry storm, its presets,
// strategies side by side, the budget and the breaker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, moreParams, reveal, clearOfSceneBar, onLaptop, choosePreset } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const side = (page, s) => page.locator(`.storm-side[data-side=${s}]`);
const counter = async (page, s, key) => Number((await side(page, s).locator(`[data-counter=${key}] dd`).textContent()).replace(/,/g, ''));

test('a learner compares no jitter with full jitter, overloads the dependency, adds a breaker and a budget', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003/', { locale: 'es-MX' });
  await page.locator('.experiment').waitFor();
  await reveal(page);
  // Its handle says «a 1 s», not «a los 1 s».
  const recover = page.getByRole('slider', { name: 'La dependencia vuelve a los' });
  assert.equal(await recover.getAttribute('aria-valuetext'), 'La dependencia vuelve a 1 s');
  // Lesson 003's 100 clients, back at 1 s with 50 calls/s, no jitter: the
  // synchronized wave knocks the dependency down again, twice (marked on the
  // histogram); the lesson's full jitter gets more clients through, sooner.
  assert.equal(await side(page, 'a').getAttribute('data-strategy'), 'none');
  assert.deepEqual(
    [
      await counter(page, 'a', 'calls'),
      await counter(page, 'a', 'succeeded'),
      await counter(page, 'a', 'exhausted'),
      await counter(page, 'a', 'collapses'),
    ],
    [480, 40, 60, 2],
  );
  assert.equal(await side(page, 'a').locator('[data-counter=last_success] dd').textContent(), '3 s');
  assert.equal(await side(page, 'a').locator('.mark-collapse').count(), 2);
  assert.match(await side(page, 'a').locator('.legend-collapse').textContent(), /se cae otra vez: 1\.4 s → 2\.4 s, 3 s → 4 s/);
  assert.deepEqual([await counter(page, 'b', 'succeeded'), await counter(page, 'b', 'collapses')], [78, 0]);
  assert.equal(await counter(page, 'a', 'peak'), 1000);
  assert.ok((await counter(page, 'b', 'peak')) < 1000, 'full jitter spreads the spike');

  // A dependency that sheds the excess: the same wave costs only refused calls.
  await page.getByLabel('Si recibe más de lo que atiende').selectOption('shedding');
  assert.deepEqual(
    [await counter(page, 'a', 'calls'), await counter(page, 'a', 'succeeded'), await counter(page, 'a', 'exhausted')],
    [450, 100, 0],
  );
  assert.equal(await side(page, 'a').locator('[data-counter=collapses]').count(), 0);
  await page.locator('[data-task="storm-shedding"].task-done').waitFor();
  // And the headline says why jitter gets fewer through here (it showed 100 beside 78 and no word).
  await page.locator('.hero > figcaption.insight', { hasText: 'ninguna ola la tumba' }).waitFor();
  assert.match(await page.locator('.hero > figcaption.insight').innerText(), /con él pasan 22 clientes menos/);

  // Capacity 30, typed as a learner would (under «Más parámetros»).
  await moreParams(page);
  const capacity = page.getByLabel('Capacidad al volver');
  await capacity.fill('30');
  await capacity.press('Enter');
  await capacity.dispatchEvent('change');
  assert.deepEqual(
    [await counter(page, 'a', 'calls'), await counter(page, 'a', 'succeeded'), await counter(page, 'a', 'exhausted')],
    [470, 60, 40],
  );

  // The right side's strategy, by its label.
  await page.getByLabel('Estrategia, derecha').selectOption('decorrelated');
  assert.equal(await side(page, 'b').getAttribute('data-strategy'), 'decorrelated');

  // The breaker preset: most calls answered by the fallback, as many successes.
  await choosePreset(page, 'breaker');
  await page.locator('.breaker-strip').first().waitFor();
  assert.equal(await counter(page, 'a', 'calls_to_dependency'), 75);
  assert.equal(await counter(page, 'a', 'fallbacks'), 395);
  assert.equal(await counter(page, 'a', 'succeeded'), 60);
  // Every client ends one way: through, to the DLQ, or on the fallback.
  const ends = ['succeeded', 'exhausted', 'ended_on_fallback'];
  const ended = await Promise.all(ends.map((name) => counter(page, 'a', name)));
  assert.equal(ended[0] + ended[1] + ended[2], 100, `succeeded, exhausted, ended on the fallback: ${ended}`);
  assert.ok(ended[2] > 0, `nobody ended on the fallback: ${ended}`);
  // The strip shows the trial's half-open and the closed after it, which let
  // the 60 through (drawn over by the open that followed, it read «abierto» throughout).
  const strip = await side(page, 'a')
    .locator('.breaker-strip rect')
    .evaluateAll((rects) => rects.map((r) => [r.getAttribute('class'), Number(r.getAttribute('x')), Number(r.getAttribute('width'))]));
  for (let i = 1; i < strip.length; i++) assert.ok(strip[i - 1][1] + strip[i - 1][2] <= strip[i][1], `${strip[i - 1]} covers ${strip[i]}`);
  assert.ok(
    strip.some(([state, x]) => state === 'closed' && x > 0 && x < 1000),
    `no closed state after the first: ${strip.join(' ')}`,
  );
  // The last calls, at the run's end (3 s), are drawn: their bin is on the plot
  // (its span is whole bins, one past the run), and the strip's last states within it.
  const bars = await side(page, 'a')
    .locator('.storm-histogram svg path')
    .evaluateAll((paths) => paths.flatMap((p) => [...p.getAttribute('d').matchAll(/M(\d+) /g)].map((m) => Number(m[1]))));
  const plotWidth = await side(page, 'a')
    .locator('.storm-histogram svg')
    .evaluate((svg) => svg.viewBox.baseVal.width);
  assert.ok(bars.includes(300) && plotWidth > 300, `the bin at 3 s (x 300 of ${plotWidth}) has bars: ${[...new Set(bars)]}`);
  assert.ok(
    strip.every(([, x, width]) => x + width <= 1000),
    `the strip's states within it: ${strip.join(' ')}`,
  );
  await page.waitForURL(/preset=breaker/);

  // The budget preset: the retries stop once failures dominate.
  await choosePreset(page, 'retry-budget');
  await page.locator('[data-counter=throttled]').first().waitFor({ state: 'attached' });
  assert.equal(await counter(page, 'a', 'calls'), 104);

  // English, and the tab bar's links to the other lesson pages.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  assert.equal(await page.getByRole('heading', { level: 2, name: 'Many clients against a dependency that recovers' }).count(), 1);
  assert.equal(await page.getByRole('link', { name: 'Queues and streams: queues' }).count(), 1);
  assert.equal(await page.locator('h1').textContent(), 'Reliability at scale: idempotency, retries and backpressure');
  assert.deepEqual(errors, []);
  await page.close();
});

test("each storm side's time axis starts at its plot's origin, under it, its ticks at round instants where they fall", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003/?exp=storm&lang=en');
  await reveal(page);
  for (const side of ['a', 'b']) {
    const plot = await page.locator(`.storm-side[data-side=${side}] .storm-histogram svg`).boundingBox();
    const zero = page.locator(`.storm-side[data-side=${side}] .storm-axis span`).first();
    assert.equal(await zero.textContent(), '0 s');
    const at = await zero.boundingBox();
    // It spanned the y-scale's gutter too: «0 s» 49 px left of the origin, under the legend.
    assert.ok(Math.abs(at.x - plot.x) <= 3, `side ${side}: «0 s» at ${at.x} px, the origin at ${plot.x} px`);
    assert.ok(
      at.y >= plot.y + plot.height && at.y - (plot.y + plot.height) <= 20,
      `side ${side}: «0 s» ${at.y - plot.y - plot.height} px under the plot`,
    );
    // The default's plot spans 4.1 s (whole 100 ms bins, one past the run):
    // its half read «2.1 s», no instant of the run. A tick every second, each at its place.
    const ticks = page.locator(`.storm-side[data-side=${side}] .storm-histogram .storm-axis span`);
    assert.deepEqual(await ticks.allTextContents(), ['0 s', '1 s', '2 s', '3 s', '4 s']);
    for (const [i, s] of [
      [1, 1],
      [4, 4],
    ]) {
      const box = await ticks.nth(i).boundingBox();
      const want = plot.x + (plot.width * s) / 4.1;
      assert.ok(
        Math.abs(box.x + box.width / 2 - want) <= 3,
        `side ${side}: «${s} s» centred at ${box.x + box.width / 2} px, ${want} px wanted`,
      );
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("at 1,280 × 900 each storm plot has its colours' key above it and its axis above the scene's bar", async () => {
  // Under the plots, the key was covered by the scene's sticky bar.
  for (const lang of ['es', 'en']) {
    await onLaptop(browser, server.base + `lesson-003/?exp=storm&lang=${lang}`, async (page) => {
      const words = await side(page, 'a').locator('.handle-value').boundingBox();
      for (const s of ['a', 'b']) {
        const key = await side(page, s).locator('.storm-histogram > .legend').boundingBox();
        const plot = await side(page, s).locator('.storm-histogram svg').boundingBox();
        const keyEnd = key.y + key.height;
        assert.ok(
          keyEnd <= Math.min(plot.y, words.y),
          `${lang}, side ${s}: the key ends at ${keyEnd} px, the plot at ${plot.y}, the handle's words at ${words.y}`,
        );
        const clear = await clearOfSceneBar(page, `.storm-side[data-side=${s}] .storm-histogram .storm-axis`);
        assert.ok(clear >= 0, `${lang}, side ${s}: the axis ends ${-clear} px under the scene's bar`);
      }
    });
  }
});

test("backpressure at 1,280 × 900: the queue's time axis is above the scene's bar", async () => {
  // The chart was 9rem tall there and its axis lay under the sticky bar.
  for (const lang of ['es', 'en']) {
    await onLaptop(browser, server.base + `lesson-003/?exp=backpressure&lang=${lang}`, async (page) => {
      const clear = await clearOfSceneBar(page, '.queue-chart .storm-axis');
      assert.ok(clear >= 0, `${lang}: the axis ends ${-clear} px under the scene's bar`);
    });
  }
});

test("each side's clients' lanes have their time under the dots and their colours' key", async () => {
  // The lanes had row labels only: no time, no key to the dots' colours.
  const { page, errors } = await open(browser, server.base + 'lesson-003/?exp=storm&lang=en');
  await reveal(page);
  for (const s of ['a', 'b']) {
    const lanes = side(page, s).locator('.storm-lanes');
    const dots = await lanes.locator('svg').boundingBox();
    const ticks = lanes.locator('.storm-axis span');
    const histogramEnd = await side(page, s).locator('.storm-histogram .storm-axis span').last().textContent();
    assert.equal(await ticks.first().textContent(), '0 s');
    assert.equal(await ticks.last().textContent(), histogramEnd, `side ${s}: the lanes end where the histogram does`);
    const zero = await ticks.first().boundingBox();
    // One time column with the plot above: «0 s» stood 21 px left of the plot's.
    const plotZero = await side(page, s).locator('.storm-histogram .storm-axis span').first().boundingBox();
    assert.ok(Math.abs(zero.x - plotZero.x) <= 3, `side ${s}: the lanes' «0 s» at ${zero.x} px, the plot's at ${plotZero.x} px`);
    assert.ok(Math.abs(zero.x - dots.x) <= 8, `side ${s}: «0 s» at ${zero.x} px, the lanes at ${dots.x} px`);
    assert.ok(zero.y >= dots.y + dots.height - 1, `side ${s}: «0 s» at ${zero.y} px, the lanes end at ${dots.y + dots.height} px`);
    // No breaker in the default: three outcomes, the histogram's words.
    assert.deepEqual(await lanes.locator('.legend li').allTextContents(), ['succeeded', 'overloaded: no token', 'down']);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a shared storm link reproduces its run, and a storm link opened on the root page goes to lesson 003', async () => {
  // Written before v3 (the shedding dependency): opened as it always was.
  const { page, errors } = await open(browser, server.base + '?v=2&exp=storm&capacity=30&strategy_b=none&seed=3&lang=en');
  await page.locator('.storm-side').first().waitFor();
  assert.ok(page.url().includes('/lesson-003/'), page.url());
  assert.equal(await counter(page, 'b', 'calls'), 470);
  assert.equal(await counter(page, 'b', 'exhausted'), 40);
  assert.deepEqual(errors, []);
  await page.close();
});

const dependency = (page, d) => page.locator(`.storm-side[data-dependency=${d}]`);
const depCounter = async (page, d, key) =>
  Number((await dependency(page, d).locator(`[data-counter=${key}] dd`).textContent()).replace(/,/g, ''));
const plain = async (page, key) => Number((await page.locator(`[data-counter=${key}] dd`).textContent()).replace(/,/g, ''));

test('timeouts and bulkheads: a slow dependency starves the healthy one until the pools are split or the timeout is cut', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003/?exp=timeouts&lang=en');
  await page.locator('.storm-side').first().waitFor();
  assert.equal(await page.getByLabel('Scenario').inputValue(), 'shared-pool', 'an experiment-only link shows its defaults preset');
  assert.deepEqual([await depCounter(page, 'b', 'in_time'), await depCounter(page, 'b', 'rejected')], [89, 411]);
  assert.equal(await depCounter(page, 'a', 'wasted'), 170);
  assert.match(await page.locator('p.rule').textContent(), /not shorter than the caller's deadline: work goes on/);
  await page.getByLabel('Pool').selectOption('separate');
  assert.deepEqual([await depCounter(page, 'b', 'in_time'), await depCounter(page, 'b', 'rejected')], [500, 0]);
  await choosePreset(page, 'short-timeout');
  await page.locator('p.rule.kept').waitFor();
  assert.deepEqual(
    [await depCounter(page, 'a', 'timed_out'), await depCounter(page, 'a', 'wasted'), await depCounter(page, 'b', 'in_time')],
    [100, 0, 500],
  );
  // Past the deadline but never paid for: no call outlasts a 10 s deadline.
  await page.goto(server.base + 'lesson-003/?exp=timeouts&lang=en&deadline_ms=10000');
  await page.locator('.storm-side').first().waitFor();
  assert.equal(await depCounter(page, 'a', 'wasted'), 0);
  assert.match(await page.locator('p.rule').textContent(), /but in this run no call outlasts the deadline/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('backpressure: unbounded, the process dies; bounded, the excess is counted', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-003/?exp=backpressure&lang=es');
  await reveal(page);
  await page.locator('.backpressure').waitFor();
  assert.match(await page.locator('.backpressure .hero .insight').textContent(), /\+16 por segundo, 1,382,400 por día/);
  assert.match(await page.locator('.fate').textContent(), /murió sin memoria a las 9 h 6 min/);
  // A day's growth is the lesson's arithmetic: the process in the figure dies first.
  const result = await page.locator('.prediction-result').textContent();
  assert.match(result, /La cuenta da 1,382,400\./);
  assert.doesNotMatch(result, /simulación/);
  // What fits in memory named on its dashed line, not under the time axis.
  const words = page.locator('.queue-chart .level-note');
  assert.equal(await words.textContent(), 'caben en memoria 524,288');
  const [note, line] = [await words.boundingBox(), await page.locator('.queue-chart line.capacity').boundingBox()];
  assert.ok(Math.abs(note.y + note.height - line.y) <= 4, `the words end at ${note.y + note.height} px, the line at ${line.y} px`);
  await page.getByLabel('Cola', { exact: true }).selectOption('drop-oldest');
  await page.locator('[data-counter=dropped_oldest]').waitFor();
  assert.equal(await plain(page, 'dropped_oldest'), 1_372_400);
  assert.match(await page.locator('.fate').textContent(), /sigue vivo/);
  // A consumer that keeps up: no growth, never «crece -99 por segundo».
  await page.goto(server.base + 'lesson-003/?exp=backpressure&lang=es&in_rate=1');
  await reveal(page);
  const calm = await page.locator('.backpressure .hero .insight').textContent();
  assert.match(calm, /1\/s entran, 100\/s salen: el consumidor alcanza y la cola no crece/);
  assert.doesNotMatch(calm, /crece -/);
  assert.deepEqual(errors, []);
  await page.close();
});
