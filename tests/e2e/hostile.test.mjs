// Hostile and careless inputs, as an attacker and as a careless author would
// try them: a builder link with a key that is markup, links naming two
// pages' codes, a link that would take hours of simulation, two labs and two
// tabs finishing tasks, a huge stored value, a full store, and embed.js fed
// prototype names and contradictory codes. Each of these failed before its fix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, storedTasks } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const HOSTILE_KEY = '"><img src=x onerror="window.pwned=1">';

test("the builder keeps only the lab's keys, escaped, and says which it dropped", async () => {
  const query = new URLSearchParams([
    ['exp', 'ack'],
    ['lang', 'en'],
    ['crash', '0.1"><img src=x onerror="window.pwned=1">'],
    [HOSTILE_KEY, '1'],
    ['retry_lab_mounted', '1'],
    ['hop', '1'],
    ['dir', 'lesson-004/'],
    ['title', 'Ack timing'],
  ]);
  const { page, errors } = await open(browser, `${server.base}embed-builder.html?${query}`);
  await page.getByRole('heading', { name: 'Embed an experiment' }).waitFor();
  const dropped = page.getByText('These keys were left out of the snippets and the package', { exact: false });
  await dropped.waitFor();
  assert.match(await dropped.textContent(), /retry_lab_mounted/);
  assert.equal(await page.locator('#dropped img').count(), 0, 'the dropped keys are text');
  const script = await page.getByRole('textbox', { name: 'With a script in your page' }).inputValue();
  const iframe = await page.getByRole('textbox', { name: 'With an iframe' }).inputValue();
  // Parsed back as HTML, the snippets hold the lab's elements and attributes only.
  const parsed = await page.evaluate(
    ([script, iframe]) => {
      const doc = new DOMParser().parseFromString(script + iframe, 'text/html');
      return {
        tags: [...doc.body.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()),
        names: [...doc.querySelector('[data-retry-lab]').attributes].map((a) => a.name),
        crash: doc.querySelector('[data-retry-lab]').getAttribute('data-crash'),
        src: doc.querySelector('iframe').getAttribute('src'),
      };
    },
    [script, iframe],
  );
  // The iframe snippet's script is the lab's retry-lab-frame.js, by its address: nothing of the link in it.
  assert.deepEqual(parsed.tags, ['div', 'script', 'iframe', 'script']);
  assert.doesNotMatch(iframe.slice(iframe.indexOf('</iframe>')), /pwned|onerror|retry_lab_mounted/);
  assert.deepEqual(parsed.names.sort(), ['data-crash', 'data-embed', 'data-experiment', 'data-lang', 'data-retry-lab', 'data-theme']);
  assert.equal(parsed.crash, '0.1"><img src=x onerror="window.pwned=1">', 'the value kept, as a value');
  assert.ok(!parsed.src.includes('retry_lab_mounted') && !parsed.src.includes('hop='), parsed.src);
  // Pasted into a course page, nothing runs.
  const course = await browser.newPage();
  let dialog = false;
  course.on('dialog', (d) => {
    dialog = true;
    d.dismiss();
  });
  await course.setContent(`<!doctype html><html><body>${script.replace(/<script[^>]*><\/script>/, '')}${iframe}</body></html>`);
  assert.equal(await course.evaluate(() => window.pwned ?? 0), 0);
  assert.equal(await course.locator('img').count(), 0);
  assert.equal(dialog, false);
  await course.close();
  assert.deepEqual(errors, []);
  await page.close();
});

/** Opens a link and counts the main frame's navigations until the lab renders. */
async function openCounting(url) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Documents loaded (a history.replaceState is no load): one, or two when passed on.
  let navigations = 0;
  page.on('load', () => {
    navigations += 1;
  });
  await page.goto(url);
  await page.locator('.experiment').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300); // a bounce would navigate again by now
  return { page, context, errors, navigations: () => navigations };
}

test("a link naming two pages' codes renders in one navigation, noting what it ignored", async () => {
  const cases = [
    ['?preset=storm&exp=ack&lang=en', 'lesson-003/', 'storm', 'exp=ack'],
    ['lesson-003/?exp=ack&exp=storm&lang=en', 'lesson-003/', 'storm', 'exp=ack'],
    ['?exp=uuid5&exp=ack&lang=en', 'lesson-000-ids/', 'uuid5', 'exp=ack'],
    ['lesson-001/?exp=storm&hop=1&lang=en', 'lesson-001/', null, 'exp=storm'],
  ];
  for (const [query, dir, experiment, ignored] of cases) {
    const { page, context, errors, navigations } = await openCounting(server.base + query);
    assert.ok(navigations() <= 2, `${query}: ${navigations()} navigations`);
    assert.equal(new URL(page.url()).pathname, `/${dir}`, query);
    if (experiment) assert.equal(await page.locator('.experiment').getAttribute('data-experiment'), experiment, query);
    const notice = await page.locator('.notice').textContent();
    assert.ok(notice.includes(ignored) && notice.includes('belongs to another page of the lab'), `${query}: ${notice}`);
    assert.deepEqual(errors, [], query);
    await context.close();
  }
});

test('a link that would take hours of simulation says what to lower, and never panics', async () => {
  for (const retention of [24, 336]) {
    const query = `lesson-004-ops/?exp=dlq&dlq_do=&dlq_messages=200&poison_every=1&dlq_max_receive=0&dlq_visibility_s=1&dlq_workers=100&dlq_poison=hang&dlq_job_s=1&retention_h=${retention}&lang=en`;
    const { page, errors } = await open(browser, server.base + query);
    const alert = page.locator('.experiment .over-budget');
    await alert.waitFor({ timeout: 20_000 });
    assert.match(await alert.textContent(), /raise the visibility timeout/);
    assert.equal(await page.locator('#retry-lab-panic').count(), 0);
    assert.equal(await page.locator('.experiment svg').count(), 0, 'nothing half-computed');
    // Lowering one of the named parameters brings the run back.
    await page.getByLabel('maxReceiveCount (0: no DLQ)', { exact: true }).fill('5');
    await page.getByLabel('maxReceiveCount (0: no DLQ)', { exact: true }).press('Enter');
    await page.locator('.experiment .over-budget').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

async function finishTasks(unique, crash) {
  await unique.getByLabel('Unique constraint on the id').selectOption('on');
  const slider = crash.getByLabel('Crash probability');
  await slider.focus();
  await slider.press('ArrowRight');
}

test("two labs on a page, or two tabs, keep each other's finished tasks", async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.route(server.base + 'two-dedup.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body>
      <div id="a" data-retry-lab data-lang="en" data-experiment="dedup" data-tx-crash="0.3"></div>
      <div id="b" data-retry-lab data-lang="en" data-experiment="dedup"></div>
      <script type="module" src="embed.js"></script></body></html>`,
    }),
  );
  await page.goto(server.base + 'two-dedup.html');
  const a = page.locator('#a'),
    b = page.locator('#b');
  await a.locator('.experiment').waitFor();
  await b.locator('.experiment').waitFor();
  await finishTasks(b, a);
  await page.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('retry-lab.task:')).length === 2);
  assert.deepEqual(await storedTasks(page), ['dedup/dedup-record-first', 'dedup/dedup-unique']);
  // Each lab shows the other's task done (taken in from the store).
  await a.locator('[data-task="dedup-unique"].task-done').waitFor();
  await b.locator('[data-task="dedup-record-first"].task-done').waitFor();

  // Two tabs of one browser: each finishes one; both kept, each sees both.
  await page.evaluate(() => localStorage.clear());
  const one = await context.newPage();
  const two = await context.newPage();
  await one.goto(server.base + 'lesson-001/?exp=dedup&lang=en&tx_crash=0.3');
  await two.goto(server.base + 'lesson-001/?exp=dedup&lang=en&tx_crash=0.3');
  await one.locator('.experiment').waitFor();
  await two.locator('.experiment').waitFor();
  await finishTasks(one, two);
  await two.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('retry-lab.task:')).length === 2);
  await one.locator('[data-task="dedup-record-first"].task-done').waitFor();
  await two.locator('[data-task="dedup-unique"].task-done').waitFor();
  // A clear in one tab (confirmed) clears the experiment in both.
  await one.getByRole('button', { name: 'Clear my progress' }).click();
  await one.getByRole('button', { name: 'Yes, clear' }).click();
  await two.locator('[data-task].task-done').first().waitFor({ state: 'detached' });
  assert.deepEqual(await storedTasks(one), []);
  await context.close();
});

/** Sets a control's value and fires what a learner's change fires, at the wall-clock instant `at` (ms). */
function changeAt(page, selector, value, at) {
  return page.evaluate(
    ([selector, value, at]) =>
      new Promise((done) => {
        setTimeout(
          () => {
            const control = document.querySelector(selector);
            if (!control) {
              done(Number.NaN);
              return;
            }
            control.value = value;
            control.dispatchEvent(new Event('input', { bubbles: true }));
            control.dispatchEvent(new Event('change', { bubbles: true }));
            done(performance.timeOrigin + performance.now());
          },
          Math.max(0, at - Date.now()),
        );
      }),
    [selector, value, at],
  );
}

test('two tabs completing tasks at the same instant keep both, every time (12 tries)', async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const one = await context.newPage();
  const two = await context.newPage();
  const gaps = [];
  for (let round = 1; round <= 12; round += 1) {
    await one.goto(server.base + 'lesson-001/?exp=dedup&lang=en');
    await one.evaluate(() => localStorage.clear());
    await one.reload();
    await two.goto(server.base + 'lesson-001/?exp=dedup&lang=en&seq_consumer=ack-after&seq_crash=1');
    await one.locator('.experiment').waitFor();
    await two.locator('.experiment').waitFor();
    // Both tabs change at one instant: one completes dedup-unique, the other dedup-one-duplicate.
    const at = Date.now() + 400;
    const [t1, t2] = await Promise.all([
      changeAt(one, 'select[id$="-unique"]', 'on', at),
      changeAt(two, 'input[id$="-seq-crash"]', '2', at),
    ]);
    assert.ok(Number.isFinite(t1) && Number.isFinite(t2), 'both controls found');
    gaps.push(Math.abs(t1 - t2));
    for (const page of [one, two]) {
      await page.locator('[data-task="dedup-unique"].task-done').waitFor();
      await page.locator('[data-task="dedup-one-duplicate"].task-done').waitFor();
    }
    assert.deepEqual(await storedTasks(one), ['dedup/dedup-one-duplicate', 'dedup/dedup-unique'], `round ${round}`);
  }
  console.log(`# two tabs, 12 rounds: the two changes ${Math.round(Math.min(...gaps))}–${Math.round(Math.max(...gaps))} ms apart`);
  await context.close();
});

test('a huge stored list of the format before items is read at once, its junk ignored with a note, and moved into items; a full store is said', async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => {
    if (location.search.includes('full')) {
      Storage.prototype.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
    } else if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('retry-lab.tasks', 'v1 dedup/dedup-unique ' + 'x/y z '.repeat(150_000));
    }
  });
  const page = await context.newPage();
  await page.goto(server.base + 'lesson-001/?exp=dedup&lang=en');
  // A hang detector, not a speed limit (speed is ./lab bench's).
  await page.locator('[data-task="dedup-unique"].task-done').waitFor({ timeout: 20_000 });
  await page.getByText('Part of the stored progress could not be read and was ignored.').waitFor();
  // Moved into items: its two well-formed entries; the junk («z», the repeats) left behind.
  assert.deepEqual(await storedTasks(page), ['dedup/dedup-unique', 'x/y']);
  await page.evaluate(() => localStorage.clear());
  await page.goto(server.base + 'lesson-001/?exp=dedup&lang=en&full=1');
  await page.getByLabel('Unique constraint on the id').selectOption('off');
  await page.getByLabel('Unique constraint on the id').selectOption('on');
  await page.getByText("Progress is no longer kept: this browser's storage is full.").waitFor();
  await context.close();
});

test("embed.js: the README's labs, prototype names and contradictory codes each mount, or say why", async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // lesson-003's module is missing: its lab says so, the others mount.
  await page.route(server.base + 'lesson-003/retry-lab-web.js', (route) => route.fulfill({ status: 404 }));
  await page.route(server.base + 'mounts.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body>
      <div id="ids" data-retry-lab data-preset="double-publication" data-experiment="uuid5" data-lang="en"></div>
      <div id="ack" data-retry-lab data-experiment="ack" data-lang="en"></div>
      <div id="plain" data-retry-lab data-failure="0.5" data-seed="42" data-lock="seed,failure" data-lang="en"></div>
      <div id="proto" data-retry-lab data-preset="toString" data-lang="en"></div>
      <div id="proto2" data-retry-lab data-experiment="__proto__" data-preset="constructor" data-lang="en"></div>
      <div id="both" data-retry-lab data-experiment="ack" data-preset="storm" data-lang="en"></div>
      <div id="storm" data-retry-lab data-experiment="storm" data-lang="en"></div>
      <script type="module" src="embed.js"></script></body></html>`,
    }),
  );
  await page.goto(server.base + 'mounts.html');
  const at = (id) => page.locator(`#${id}`);
  await at('ids').locator('.experiment[data-experiment="uuid5"]').waitFor();
  await at('ack').locator('.experiment[data-experiment="ack"]').waitFor();
  // The lab without an experiment is lesson 000's, with its own values and locks.
  await at('plain').locator('.experiment[data-experiment="retries"]').waitFor();
  assert.equal(await at('plain').locator('output[for$="-failure"]').textContent(), '50%');
  assert.ok(await at('plain').locator('input[id$="-failure"]').isDisabled());
  for (const id of ['proto', 'proto2']) {
    await at(id).locator('.experiment').waitFor();
    assert.ok((await at(id).locator('.notice').textContent()).includes('not valid'), id);
  }
  await at('both').locator('.experiment[data-experiment="ack"]').waitFor();
  assert.match(await at('both').locator('.notice').textContent(), /preset=storm: belongs to another page of the lab/);
  await at('storm').getByRole('alert').waitFor();
  assert.match(await at('storm').getByRole('alert').textContent(), /This lab could not start/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("export.html exports the link's own experiment whatever its dir says, and refuses one no page has", async () => {
  const { page, errors } = await open(browser, server.base + 'export.html?exp=dlq&preset=dlq-redrive&lang=en');
  await page.getByText(/^Ready: \d+ tables\.$/).waitFor();
  assert.equal(await page.locator('#export-meta dd').first().textContent(), 'Operating the DLQ (dlq)', 'by its title, and its code');
  assert.deepEqual(errors, []);
  await page.close();
  const { page: unknown } = await open(browser, server.base + 'export.html?exp=nonesuch&lang=en');
  await unknown.getByText('The link asks for the experiment “nonesuch”, which the lab does not have: nothing to export.').waitFor();
  assert.equal(await unknown.getByRole('button', { name: 'JSON' }).count(), 0);
  await unknown.close();
});
