// The lab as a learner uses it, on the release build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { ENTRIES } from './budget.mjs';
import { serve, launch, open, reveal, moreParams } from './harness.mjs';

const require = createRequire(import.meta.url);
let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const counter = async (page, key) => Number((await page.locator(`[data-counter=${key}] dd`).textContent()).replace(/,/g, ''));
const compare = async (page, row) =>
  (await page.locator(`.compare tr[data-row=${row}] td`).allTextContents()).map((v) => Number(v.replace(/,/g, '')));

test('a learner moves the failure slider, runs to dead-letter, retries from the panel, checks uuid5 on its page, switches language', async () => {
  // The lesson's own numbers (the page opens on the story; this learner picks the lesson's run).
  const { page, errors } = await open(browser, server.base + '?preset=lesson', { locale: 'es-MX' });
  // The results (the dead-letter table among them) wait for the guess the figure asks first.
  await reveal(page);
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
  await page.locator('.dlq tbody tr:not([hidden])').first().waitFor({ timeout: 30_000 });
  await page.locator('.finished').waitFor({ timeout: 30_000 });
  const dead = await counter(page, 'dead_lettered');
  assert.ok(dead > 0);
  const firstRow = page.locator('.dlq tbody tr:not([hidden])').first();
  const event = await firstRow.getAttribute('data-event');
  await firstRow.getByRole('button', { name: 'Reintentar' }).click();
  assert.equal(await counter(page, 'dead_lettered'), dead - 1);
  assert.equal(await page.locator(`.dlq tbody tr[data-event="${event}"]`).count(), 0, 'the retried event left the panel');
  assert.ok((await page.locator('.log-list li').count()) > 0, 'delivered events stay in the log');

  // The uuid5 double publication, the lesson's second page (the course
  // navigation links there, and marks the page it is on).
  assert.equal(
    await page.getByRole('navigation', { name: 'Lecciones del curso' }).locator('[aria-current="page"]').textContent(),
    'At-least-once: reintentos y dead-letter',
  );
  await page.getByRole('link', { name: 'At-least-once: ids y cursor' }).click();
  await page.locator('code.uuid5').waitFor();
  assert.equal(await page.locator('code.key').textContent(), '25544|2026-07-29T14:00:00Z');
  assert.equal(await page.locator('code.uuid5').textContent(), '0a0bdc21-c5ad-5109-8e6d-77d753878591');
  assert.equal(await page.locator('.by-v4 .times').getAttribute('data-times'), '2');
  assert.equal(await page.locator('.by-uuid5 .times').getAttribute('data-times'), '1');

  // Language.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  assert.equal(await page.locator('h1').textContent(), 'At-least-once is reality, exactly-once is a practical myth');
  assert.equal(await page.locator('.subtitle').first().textContent(), '2 of 2 · Deterministic ids, the double publication and the cursor');
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  // The ack table is on the queues page of «Colas y streams» (which opens on
  // its first question, «¿alguien espera?»): the course navigation links there.
  await page.getByRole('link', { name: 'Queues and streams: queues' }).click();
  await page.locator('.waits-chart').waitFor();
  await page.getByRole('button', { name: 'Ack timing' }).click();
  await reveal(page);
  await page.locator('tr[data-mode="before"]').waitFor();
  assert.deepEqual(await page.locator('tr[data-mode="before"] td').allTextContents(), ['1,000', '942', '0', '58']);
  assert.equal(await page.locator('h1').textContent(), 'Queues and streams: messages that wait');
  assert.equal(await page.locator('.course-nav [aria-current="page"]').textContent(), 'Queues and streams: queues');
  assert.deepEqual(errors, []);
  await page.close();
});

/** Every tab of every lesson page, read from the page (which reads the registry). */
async function eachTab(page, base, visit) {
  for (const entry of ENTRIES) {
    await page.goto(base + entry + page.url().slice(page.url().indexOf('?')));
    await page.locator('.experiment').waitFor();
    const tabs = await page.locator('nav.tabs button').all();
    // A page of one experiment has no tabs: its one experiment is visited as it opens.
    if (tabs.length === 0) await visit(`${entry}${await page.locator('.experiment h2').first().textContent()}`);
    for (const tab of tabs) {
      await tab.click();
      await visit(`${entry}${await tab.textContent()}`);
    }
  }
}

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
  await eachTab(page, server.base, async (tab) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${tab}: page is ${width}px wide`);
  });
  assert.deepEqual(errors, []);
  await page.close();
});

test('usable at 360 px while typing: a field stops at its column, the page never scrolls sideways, no key typed is lost, a long text is quoted cut', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=es', { viewport: { width: 360, height: 780 } });
  await moreParams(page);
  const base = page.getByLabel('Base del backoff', { exact: true });
  await base.click();
  await base.press('ControlOrMeta+A');
  // A field grows with its text: past its column it widened the page, which
  // scrolled sideways, and the lab, scrolled out of view and back, drew
  // again and put the field back to its value mid-edit (at about 70 keys).
  const typed = '1234567890'.repeat(11);
  await base.pressSequentially(typed);
  assert.equal(await base.inputValue(), typed, 'every key typed is kept');
  const wide = await page.evaluate(() => [document.documentElement.scrollWidth, window.scrollX]);
  assert.deepEqual(wide, [360, 0], 'the page stays as wide as the phone, unscrolled');
  await base.press('Enter');
  const note = page.locator('.control').filter({ has: base }).getByRole('status');
  assert.equal(await note.textContent(), `${typed.slice(0, 24)}…: fuera de rango; se usa 120 s.`);
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

test('axe-core finds no serious or critical violation in any experiment, in either language and theme', async () => {
  const axe = require.resolve('axe-core/axe.min.js');
  for (const lang of ['es', 'en']) {
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [360, 'light'],
      [1280, 'dark'],
    ]) {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(server.base + `?lang=${lang}`);
      await eachTab(page, server.base, async (tab) => {
        await page.addScriptTag({ path: axe });
        const violations = await page.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ['violations'] });
          return result.violations
            .filter((v) => ['serious', 'critical'].includes(v.impact))
            .map(
              (v) =>
                `${v.id}: ${v.nodes
                  .slice(0, 3)
                  .map((n) => n.target.join(' '))
                  .join(', ')}`,
            );
        });
        assert.deepEqual(violations, [], `${lang} ${width}px ${colorScheme} ${tab}`);
      });
      await context.close();
    }
  }
});

// Bug (b), Space or → on another tab playing the hidden retries run, cannot
// happen in a page any more: the retries are alone on lesson 000's page. The
// reducer's guarantee stays pinned by `a_hidden_run_never_plays` (src/lab_tests.rs).

// Bug (c): in Spanish at 1,280 px, before the first play, the speed slider was 15 px wide.
test('every slider keeps a usable width, in Spanish at 1,280 px before playing', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=es', { viewport: { width: 1280, height: 900 } });
  for (const label of ['Velocidad', 'Ir a un momento', 'Probabilidad de fallo por intento']) {
    const width = await page.getByLabel(label).evaluate((el) => el.getBoundingClientRect().width);
    assert.ok(width >= 100, `${label}: ${width}px`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the outage story: down, dead-letter, fix the cause, retry, delivered; seek back and forth', async () => {
  const { page, errors } = await open(browser, server.base + '?v=2&preset=consumer-down&lang=en');
  const seek = page.getByLabel('Go to a time');
  // Down from the start, nothing dead-lettered yet: the queue is empty for now, not told to wait for a failure.
  await seek.fill('100');
  assert.equal(await page.locator('.card.dlq .empty').textContent(), 'Empty for now: no event has exhausted its retries yet.');
  await seek.fill('2000');
  assert.equal(await counter(page, 'dead_lettered'), 10, 'an hour down: every event in dead-letter');
  assert.ok((await page.locator('.outage-band').count()) >= 1);
  // At the outage's end nothing more is on its way, and the status says
  // where the events are (never "nothing left" with events parked).
  await seek.fill('3600');
  assert.equal(
    await page.locator('.playback .finished').textContent(),
    'Finished: nothing more on its way, but 10 events remain in dead-letter: retry them from there.',
  );
  await seek.fill('3700');
  await page.getByRole('button', { name: 'Fix the root cause now' }).click();
  await page.getByRole('button', { name: 'Retry all' }).click();
  assert.equal(await counter(page, 'dead_lettered'), 0);
  assert.equal(await counter(page, 'acknowledged'), 10);
  assert.equal(await page.locator('.intervention-list li').count(), 2);
  // The climax said as it is: the log names the manual retries, the
  // dead-letter card says how many were retried and delivered.
  assert.equal(
    await page.locator('.card.dlq .empty').textContent(),
    'Empty again: 10 events retried by hand from here, 10 delivered so far.',
  );
  assert.match(await page.locator('.log-list li').first().textContent(), /manual retry from dead-letter: /);
  // A parameter change keeps the interventions at their times.
  await page.getByLabel('Failures that are lost acks').press('End');
  assert.equal(await counter(page, 'acknowledged'), 10);
  await seek.fill('1000');
  assert.equal(await counter(page, 'acknowledged'), 0, 'back before the fix');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('at') === '1000');
  const search = new URLSearchParams(await page.evaluate(() => location.search));
  assert.equal(search.get('v'), '4');
  // The link names the scenario it started from and what the learner changed: their interventions.
  assert.equal(search.get('preset'), 'consumer-down');
  assert.equal(search.get('down'), null, "the preset's outage, not repeated");
  assert.equal(search.get('do'), 'fix@3700,retryall@3700');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the system's dark theme, and a theme the host page forces", async () => {
  const background = (page) =>
    page
      .locator('.lab')
      .last()
      .evaluate((e) => getComputedStyle(e).backgroundColor);
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(server.base + '?lang=en');
  await page.locator('.experiment').waitFor();
  assert.equal(await background(page), 'rgb(20, 23, 28)', 'dark, as the system');
  await page.goto(server.base + '?lang=en&theme=light');
  await page.locator('.experiment').waitFor();
  assert.equal(await background(page), 'rgb(251, 250, 247)', 'light, as forced');
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
  await context.close();
  const { page: forced, errors } = await open(browser, server.base + 'lesson-004-streams/?lang=en&theme=dark');
  await forced.locator('.experiment').waitFor();
  assert.equal(await background(forced), 'rgb(20, 23, 28)', 'dark, as forced on a light system');
  // The link the page keeps in its address bar keeps the theme.
  await forced.waitForFunction(() => new URLSearchParams(location.search).get('theme') === 'dark');
  assert.deepEqual(errors, []);
  await forced.close();
});

test('lesson 000 opens on its story: the consumer down, every event into dead-letter, the cause fixed, the parked events retried and delivered', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=en');
  await page.locator('.retries .hero').waitFor();
  assert.equal(await page.getByLabel('Scenario').inputValue(), 'story', 'the picker names the story');
  // Predict or not: this learner looks without a guess, then plays it through, fast.
  await page.getByRole('button', { name: 'Show without estimating' }).click();
  const speed = page.getByLabel('Speed');
  await speed.focus();
  await speed.press('End');
  await page.getByRole('button', { name: /Play/ }).click();
  const status = page.locator('.playback .finished');
  await status.waitFor({ timeout: 60_000 });
  // The status, the dead-letter card and the log say what happened, by their words.
  assert.equal((await status.textContent()).trim(), 'Finished: nothing left to deliver.');
  const dlq = page.locator('section.dlq');
  assert.match(await dlq.textContent(), /Empty again: 10 events retried by hand from here, 10 delivered so far\./);
  assert.equal(
    (await page.locator('.log').getByText('manual retry from dead-letter').count()) > 0,
    true,
    'the log names the manual retries',
  );
  assert.equal(await counter(page, 'dead_lettered'), 0, 'none left in dead-letter');
  assert.match(await page.locator('.retries .hero > figcaption').textContent(), /10 of 10 events delivered/);
  assert.deepEqual(errors, []);
  await page.close();
});

// The delivery log sits under the figure and fills while the run plays:
// it keeps one height, so what is under it (the export link) never moves,
// neither as it fills nor when it is first drawn near the view (its
// placeholder was 28 px shorter than a full log).
test('the delivery log keeps one height: empty, full, and before it is first drawn', async () => {
  const run = 'v=2&exp=retries&failure=0.4&ack_lost=0.9&events=30&seed=31&lang=en';
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 360, height: 780 },
  ]) {
    const heights = [];
    for (const at of [1500, 0]) {
      const { page, errors } = await open(browser, `${server.base}?${run}&at=${at}`, { viewport });
      const log = page.locator('.log');
      await log.waitFor({ state: 'attached' });
      const height = () =>
        log.evaluate(
          (el) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(el.getBoundingClientRect().height)))),
        );
      // Its contents wait to be drawn until it nears the view.
      const skipped = await log.evaluate((el) => !el.querySelector('h2').checkVisibility({ contentVisibilityAuto: true }));
      assert.ok(skipped, `${viewport.width} px, at ${at} s: the log starts under the fold, not yet drawn`);
      const placeholder = await height();
      await log.scrollIntoViewIfNeeded();
      const drawn = await height();
      const rows = await page.locator('.log-list li').count();
      heights.push(drawn);
      assert.ok(
        Math.abs(drawn - placeholder) <= 1,
        `${viewport.width} px, at ${at} s (${rows} rows): drawn ${drawn} px, placeholder ${placeholder} px`,
      );
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.ok(Math.abs(heights[0] - heights[1]) <= 1, `${viewport.width} px: full log ${heights[0]} px, empty ${heights[1]} px`);
  }
});

test('a number typed past its range is used at its end and said under its field; text that is no amount is said and put back', async () => {
  const { page, errors } = await open(browser, server.base + '?lang=en&preset=lesson');
  await moreParams(page);
  const events = page.getByLabel('Events', { exact: true });
  const note = page.locator('.control').filter({ has: events }).getByRole('status');
  // Typed while the run plays: the field pauses it (each frame put the field back).
  await page.getByRole('button', { name: /Play/ }).click();
  await page.getByRole('button', { name: /Pause/ }).waitFor();
  await events.click();
  await events.press('ControlOrMeta+A');
  await events.pressSequentially('0');
  assert.equal(await events.inputValue(), '0', 'the key typed stays');
  await page.getByRole('button', { name: /Play/ }).waitFor();
  await events.press('Enter');
  await note.waitFor();
  assert.equal(await note.textContent(), '0: out of range; using 1.');
  assert.equal(await events.inputValue(), '1', 'the field shows the value used');
  assert.equal(await page.locator('.timeline .lane').count(), 1, 'the run has the one event');
  /** Types `text` into `field` and commits it; the note then says `said` (null: no note). */
  const commit = async (field, text, said) => {
    await field.fill(text);
    await field.press('Enter');
    await page.waitForFunction((said) => (document.querySelector('.input-note')?.textContent ?? null) === said, said);
  };
  // Past the top: used at the top. The note says the text as typed, then the value used.
  await commit(events, '5000', '5000: out of range; using 1,000.');
  assert.equal(await events.inputValue(), '1,000');
  await commit(events, 'abc', 'Not an amount; keeping 1,000.');
  assert.equal(await events.inputValue(), '1,000', 'put back');
  // Units in the course's words: «5 minutos» in a field of seconds is read,
  // and the note says it as typed, never a number the learner did not type.
  const base = page.getByLabel('Backoff base', { exact: true });
  await commit(base, '5 minutos', '5 minutos: out of range; using 120 s.');
  assert.equal(await base.inputValue(), '120');
  // Its own unit in words: nothing to say.
  await commit(base, '90 segundos', null);
  assert.equal(await base.inputValue(), '90');
  // Another unit, with a decimal comma: used, and said; so is a fraction rounded.
  await commit(base, '1,5 min', '1,5 min → 90 s.');
  await commit(events, '2.5', '2.5 → 3.');
  assert.equal(await events.inputValue(), '3');
  // Escape cancels an edit: the field shows its value again, the run stays.
  await events.fill('500');
  await events.press('Escape');
  assert.equal(await events.inputValue(), '3', 'put back by Escape');
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  assert.equal(await page.locator('.timeline .lane').count(), 3, 'and not run with 500');
  assert.equal(await events.inputValue(), '3');
  // The seed: text that is no whole number is said and put back, never a
  // silent seed 0; Escape puts back a seed half typed.
  const seed = page.getByLabel('Seed', { exact: true });
  const seedNote = page.locator('.control').filter({ has: seed }).getByRole('status');
  const kept = await seed.inputValue();
  await seed.fill('abc');
  await seed.press('Enter');
  await seedNote.waitFor();
  assert.equal(await seedNote.textContent(), `Not an amount; keeping ${kept}.`);
  assert.equal(await seed.inputValue(), kept, 'put back');
  await seed.fill('12');
  await seed.press('Escape');
  assert.equal(await seed.inputValue(), kept, 'put back by Escape');
  // The address follows a change after 250 ms of quiet: none came.
  await page.waitForTimeout(400);
  assert.ok(!page.url().includes('seed=12'), 'and not in the link');
  // The next change in range clears it.
  await events.fill('20');
  await events.press('Enter');
  await page.waitForFunction(() => !document.querySelector('.input-note'));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the tools line under the lab: on a phone one link a row, no «·» left at a row's end; on a laptop one line with its «·»", async () => {
  for (const [width, height] of [
    [360, 780],
    [1280, 900],
  ]) {
    const { page, errors } = await open(browser, server.base + 'lesson-001/?lang=es', { viewport: { width, height } });
    const line = page.locator('.embed-this');
    await line.scrollIntoViewIfNeeded();
    const links = await line.getByRole('link').evaluateAll((all) => all.map((a) => Math.round(a.getBoundingClientRect().top)));
    // The «·» drawn with some width (on a phone its text is there at size 0).
    const dots = await line.evaluate(
      (p) =>
        [...p.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.includes('·'))
          .filter((n) => {
            const range = document.createRange();
            range.selectNodeContents(n);
            return range.getBoundingClientRect().width > 0;
          }).length,
    );
    if (width === 360) {
      assert.equal(new Set(links).size, links.length, `one link a row: ${links}`);
      assert.equal(dots, 0, 'no «·» on a phone');
    } else {
      assert.equal(new Set(links).size, 1, `one line: ${links}`);
      assert.equal(dots, links.length - 1);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});
