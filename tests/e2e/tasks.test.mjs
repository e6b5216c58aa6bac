// Guided tasks ("Prueba esto") as a learner meets them: done when the
// experiment shows what a task asks (never by a click), kept in this browser,
// clearable, hinted after a few tries, filtered by the author's link, and
// working with storage blocked. By accessible names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, storedTasks, reveal } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const tasks = (page) => page.getByRole('region', { name: 'Try this' });
const progress = async (page) => (await tasks(page).getByRole('status').textContent()).trim();

test('a task is done when the experiment shows it, stays done after a reload, and can be cleared', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-001/?exp=dedup&lang=en');
  await tasks(page).waitFor();
  assert.equal(await progress(page), '0 of 3 done');
  const unique = tasks(page).locator('[data-task="dedup-unique"]');
  assert.equal(await unique.getAttribute('class'), 'task');
  await page.getByLabel('Unique constraint on the id').selectOption('on');
  await page.waitForFunction(() => document.querySelector('[data-task="dedup-unique"]')?.classList.contains('task-done'));
  assert.equal(await progress(page), '1 of 3 done');
  await unique.getByText(/the database refuses|unique constraint in the database/).waitFor();
  // Undoing the condition keeps the task done; a reload keeps it too (localStorage).
  await page.getByLabel('Unique constraint on the id').selectOption('off');
  assert.equal(await progress(page), '1 of 3 done');
  await page.reload();
  await tasks(page).waitFor();
  assert.equal(await progress(page), '1 of 3 done');
  assert.deepEqual(await storedTasks(page), ['dedup/dedup-unique']);
  // Clearing asks first, saying what goes; keeping changes nothing.
  const clear = tasks(page).getByRole('button', { name: 'Clear my progress' });
  await clear.click();
  assert.equal(await clear.getAttribute('aria-expanded'), 'true');
  assert.equal(await tasks(page).getByRole('alert').textContent(), 'Clear the task done in this experiment?Yes, clear No, keep them');
  await tasks(page).getByRole('button', { name: 'No, keep them' }).click();
  assert.equal(await progress(page), '1 of 3 done');
  await clear.click();
  await tasks(page).getByRole('button', { name: 'Yes, clear' }).click();
  assert.equal(await progress(page), '0 of 3 done');
  assert.equal(await tasks(page).getByRole('alert').count(), 0);
  assert.deepEqual(await storedTasks(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("lesson 000's outage task completes through the panel; each task's hint comes after a few tries at it", async () => {
  const { page, errors } = await open(browser, server.base + '?v=2&preset=consumer-down&lang=en');
  await tasks(page).waitFor();
  // The run's results (the dead-letter table among them) come after the figure's question.
  await reveal(page);
  assert.equal(await tasks(page).getByText('Hint', { exact: true }).count(), 0, 'no hint before trying');
  // Full speed, play into dead-letter (the outage outlasts the 1,890 s schedule).
  const speed = page.getByLabel('Speed');
  await speed.focus();
  await speed.press('End');
  await page.getByRole('button', { name: /Play/ }).click();
  await page.locator('.dlq tbody tr:not([hidden])').first().waitFor({ timeout: 30_000 });
  await page.locator('.finished').waitFor({ timeout: 30_000 });
  assert.equal(
    await tasks(page).locator('[data-task="retries-recover"]').getAttribute('class'),
    'task',
    'not done before the fix and the retry',
  );
  await page.getByRole('button', { name: 'Fix the root cause now' }).click();
  // "Retry all" would be the story's own step: the task asks for the learner's retries, one by one.
  for (let n = 1; n <= 10; n++)
    await page
      .getByRole('button', { name: `Retry event ${n}` })
      .first()
      .click();
  // Fixed at the clock, the retried events are delivered at once: every event delivered, none lost.
  await page.waitForFunction(() => document.querySelector('[data-task="retries-recover"]')?.classList.contains('task-done'));
  assert.equal(
    await tasks(page).locator('[data-task="retries-exhausted"]').getAttribute('class'),
    'task',
    'an outage is not the failure probability',
  );
  assert.equal(await tasks(page).getByText('Hint', { exact: true }).count(), 0, 'a task just done: the next one starts its count');
  // Five tries at the next task (back to the start each time) show its hint, and only its:
  // each task counts its own tries, so edits never open every hint at once.
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: /Reset/ }).click();
  assert.ok((await tasks(page).locator('.task:not(.task-done)').count()) >= 2, 'two tasks still open');
  assert.equal(await tasks(page).getByText('Hint', { exact: true }).count(), 1, 'one hint');
  assert.equal(
    await tasks(page).locator('.task:not(.task-done)').first().getByText('Hint', { exact: true }).count(),
    1,
    'for the task the learner is on',
  );
  assert.equal(await tasks(page).locator('[data-task="retries-recover"]').getAttribute('class'), 'task task-done');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an author shows some tasks or none; blocked storage keeps the tasks working', async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-001/?exp=dedup&lang=en&tasks=off');
  await page.locator('.experiment').waitFor();
  assert.equal(await tasks(page).count(), 0);
  await page.goto(server.base + 'lesson-001/?exp=dedup&lang=en&tasks=dedup-unique');
  await tasks(page).waitFor();
  assert.deepEqual(
    await tasks(page)
      .locator('[data-task]')
      .evaluateAll((items) => items.map((i) => i.dataset.task)),
    ['dedup-unique'],
  );
  assert.ok(page.url().includes('tasks=dedup-unique'), "the author's choice stays in the page's own link");
  assert.deepEqual(errors, []);
  await page.close();

  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  const blocked = await context.newPage();
  const blockedErrors = [];
  blocked.on('pageerror', (e) => blockedErrors.push(String(e)));
  await blocked.goto(server.base + 'lesson-001/?exp=dedup&lang=en');
  await tasks(blocked)
    .getByText(/does not keep progress/)
    .waitFor();
  await blocked.getByLabel('Unique constraint on the id').selectOption('on');
  await blocked.waitForFunction(() => document.querySelector('[data-task="dedup-unique"]')?.classList.contains('task-done'));
  assert.deepEqual(blockedErrors, []);
  await context.close();
});

test("a guess that is not an amount is refused in the lab's language, not the browser's", async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(server.base + 'lesson-004/?exp=visibility&lang=es');
  const field = page.locator('.hero > figcaption').getByLabel('Tu estimación');
  await field.fill('abc');
  assert.equal(await field.evaluate((el) => el.validationMessage), 'Escribe un número, como 1890 o 1,890.');
  await field.fill('1,890');
  assert.equal(await field.evaluate((el) => el.validationMessage), '', 'an amount clears it');
  // Escape puts the field back to what it showed, and drops what was said of the cancelled text.
  await field.fill('abc');
  await field.press('Escape');
  assert.deepEqual(await field.evaluate((el) => [el.value, el.validationMessage]), ['', '']);
  await context.close();
});

test("predict before reveal: the figure asks for the lesson's number, then shows the guess beside the run's, kept with the progress", async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.base + 'lesson-004/?exp=visibility&lang=en');
  const caption = page.locator('.hero > figcaption');
  await caption.getByText('Before you look:').waitFor();
  const point = /visibility timeout runs out|visibility timeout covers/;
  assert.doesNotMatch(await caption.textContent(), point, 'the point waits for the guess');
  // Escape drops a guess half typed: nothing is sent, the question still waits.
  await caption.getByLabel('Your estimate').fill('7');
  await caption.getByLabel('Your estimate').press('Escape');
  assert.equal(await caption.getByLabel('Your estimate').inputValue(), '');
  assert.equal(await caption.locator('.prediction-result').count(), 0, 'no guess sent by Escape');
  // What is not an amount is no guess, and the field says so where it was typed.
  for (const typed of ['abc', 'x2']) {
    await caption.getByLabel('Your estimate').fill(typed);
    await caption.getByLabel('Your estimate').press('Enter');
    assert.equal(await caption.locator('.prediction-result').count(), 0, `«${typed}» is no guess`);
    assert.ok(await caption.getByLabel('Your estimate').evaluate((el) => el.matches(':user-invalid')), `«${typed}» is marked`);
    assert.equal(
      await caption.getByLabel('Your estimate').evaluate((el) => el.validationMessage),
      'Type a number, like 1890 or 1,890.',
      `«${typed}»: the lab says why, in its own language`,
    );
  }
  // Every way the lab reads an amount stays unmarked (the pattern follows
  // `read_amount`; «-3» reads as 0, which the result then says).
  for (const typed of ['1,890', '.5', '30 min', '-3', '3']) {
    await caption.getByLabel('Your estimate').fill(typed);
    assert.ok(await caption.getByLabel('Your estimate').evaluate((el) => !el.matches(':invalid')), `«${typed}» is not marked`);
  }
  await caption.getByLabel('Your estimate').press('Enter');
  await caption.locator('.prediction-result').waitFor();
  const text = await caption.textContent();
  assert.match(text, /You estimated 3; the simulation gives \d+\./);
  assert.match(text, point, 'the point, once guessed');
  assert.match(text, /above the job's p99 with a margin/, "the lesson's explanation");
  // Kept with the progress: back on the page, the guess and the answer are there.
  await page.reload();
  await caption.locator('.prediction-result').waitFor();
  assert.match(await caption.textContent(), /You estimated 3;/);
  assert.ok((await storedTasks(page)).includes('visibility/guess=3'));
  // Another experiment asks its own question; a learner may look without guessing.
  await page.goto(server.base + 'lesson-004-streams/?exp=capacity&lang=en');
  await caption.getByText('Before you look:').waitFor();
  assert.equal(await page.locator('.hero.hero-waiting .hero-body[inert]').count(), 1, 'the figure waits, out of reach');
  await caption.getByRole('button', { name: 'Show without estimating' }).click();
  assert.match(
    await caption.locator('.prediction-result').textContent(),
    /The simulation gives 2,700 s \(45 min\)\./,
    'seconds past a minute also in words',
  );
  assert.equal(await page.locator('.hero-waiting, .hero-body[inert]').count(), 0, 'then shown');
  // What was asked may never happen in a run: words, never a bare «—». A
  // 12 h visibility timeout with the fix at 2 h: no message reaches the DLQ.
  await page.goto(server.base + 'lesson-004-ops/?exp=dlq&lang=en&dlq_visibility_s=43200');
  await caption.getByLabel('Your estimate').fill('300');
  await caption.getByLabel('Your estimate').press('Enter');
  const never = await caption.locator('.prediction-result').textContent();
  assert.match(never, /You estimated 300 min; in this run it never happens\./);
  assert.doesNotMatch(never, /—/);
  // A count comes back with its question, as a sentence: «0» alone would not say what it counts.
  await page.goto(server.base + 'lesson-004-streams/?exp=groups&lang=en');
  await caption.getByRole('button', { name: 'Show without estimating' }).click();
  assert.match(
    await caption.locator('.prediction-result').textContent(),
    /How many of the indexer's consumers get no partition\? The simulation gives 0\./,
  );
  assert.deepEqual(errors, []);
  await context.close();
});
