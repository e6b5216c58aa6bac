// Share links and embedding, on the release build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, reveal } from './harness.mjs';

let server, subpath, browser;
before(async () => {
  server = await serve();
  subpath = await serve(undefined, '/courses/retry-lab/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await subpath?.close();
});

const counter = async (page, key) => Number((await page.locator(`[data-counter=${key}] dd`).first().textContent()).replace(/,/g, ''));

test('a preset plus an override, and the link follows changes without adding history', async () => {
  const { page, errors } = await open(browser, server.base + '?preset=flaky-acks&failure=0.3&lang=en');
  assert.equal(await page.locator('output[for$="-failure"]').textContent(), '30%');
  assert.equal(await page.locator('select[id$="-consumer"]').inputValue(), 'naive');
  assert.equal(await page.locator('output[for$="-ack-lost"]').textContent(), '90%');
  const historyLength = await page.evaluate(() => history.length);
  const slider = page.getByLabel('Failure probability per attempt');
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
  // The address bar follows once the link has stayed the same for a moment.
  await page.waitForFunction(() => new URLSearchParams(location.search).get('failure') === '0.35');
  const search = new URLSearchParams(await page.evaluate(() => location.search));
  assert.equal(search.get('v'), '4');
  assert.equal(search.get('failure'), '0.35');
  assert.equal(search.get('preset'), 'flaky-acks', 'the scenario and what differs from it');
  assert.equal(search.get('consumer'), null, "the preset's own value is not repeated");
  assert.equal(await page.evaluate(() => history.length), historyLength, 'replaceState, not pushState');
  assert.deepEqual(errors, []);
  await page.close();
});

test('copy link reproduces the same run, step for step', async () => {
  const { page, errors, context } = await open(browser, server.base + '?lang=en&seed=4242&failure=0.6&events=12');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link copied.').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.startsWith(server.base + '?v=4&'), link);
  const { page: copy } = await open(browser, link);
  let steps = 0;
  for (; steps < 200 && (await page.getByRole('button', { name: /Step/ }).isEnabled()); steps++) {
    const step = steps;
    await page.getByRole('button', { name: /Step/ }).click();
    await copy.getByRole('button', { name: /Step/ }).click();
    const a = await page.locator('.log-list li').first().textContent();
    const b = await copy.locator('.log-list li').first().textContent();
    assert.equal(a, b, `step ${step}`);
  }
  assert.ok(steps >= 12, `${steps} steps to the end`);
  assert.ok(await copy.getByRole('button', { name: /Step/ }).isDisabled(), 'the copy ends at the same step');
  for (const key of ['deliveries', 'effects', 'duplicates_discarded', 'dead_lettered']) {
    assert.equal(await counter(page, key), await counter(copy, key), key);
  }
  assert.equal(await page.locator('.clock-value').textContent(), await copy.locator('.clock-value').textContent());
  assert.deepEqual(errors, []);
  await page.close();
  await copy.close();
});

test('bad links still load: each bad field falls back or is clamped, and a dismissible notice says so', async () => {
  const { page, errors } = await open(browser, server.base + '?v=7&failure=abc&events=99999&zzz=1&lang=en&jitter=%F0%9F%92%A5');
  await page.locator('.experiment').waitFor(); // the lab mounts after the page's first paint
  const notice = page.locator('.notice');
  const items = await notice.locator('li').allTextContents();
  assert.equal(items.length, 5, items.join('\n'));
  assert.ok(
    items.some((t) => t.includes('events=99999') && t.includes('1000')),
    items.join('\n'),
  );
  assert.ok(
    items.some((t) => t.startsWith('zzz: unknown parameter')),
    items.join('\n'),
  );
  assert.equal(await page.locator('output[for$="-failure"]').textContent(), '30%');
  assert.equal(await page.locator('input[id$="-events"]').inputValue(), '1,000');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  assert.equal(await page.locator('.notice').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
  for (const query of [
    '?%%%',
    '?' + 'a=1&'.repeat(500),
    '?events=' + '9'.repeat(300),
    '?lock=,,,&only=&exp=%00',
    '?seed=-1&base=0&retries=1e9',
  ]) {
    const { page: p, errors: e } = await open(browser, server.base + query);
    await p.locator('.experiment').waitFor();
    assert.deepEqual(e, [], query.slice(0, 40));
    await p.close();
  }
});

test('the course page embeds an iframe lab (resized, locked) and a mounted lab (one experiment); both work', async () => {
  const { page, errors } = await open(browser, server.base + 'course.html', { locale: 'es-MX' });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const frameElement = page.locator('#lab-frame');
  // The frame grows from its 600 px placeholder to the lab's reported height (retry-lab-frame.js).
  await page.waitForFunction(() => document.getElementById('lab-frame').style.height !== '');
  const height = await frameElement.evaluate((f) => parseInt(f.style.height, 10));
  assert.ok(height > 600, `iframe height ${height}`);
  const frame = page.frameLocator('#lab-frame');
  assert.equal(await frame.locator('.lab.lab-compact').count(), 1);
  assert.equal(await frame.locator('h1').count(), 0, 'no page chrome in embed mode');
  assert.ok(await frame.locator('input[id$="-failure"]').isDisabled(), 'failure is locked by the author');
  // The lesson-004 lab on the same page comes from its own module.
  const ack = page.locator('#lab-mount-004');
  // Its table answers the guess it asks first: seen once the learner chose not to guess.
  await ack.getByRole('button', { name: 'Ver sin estimar' }).click();
  await ack.locator('tr[data-mode="before"]').waitFor();
  assert.deepEqual(await ack.locator('tr[data-mode="before"] td').allTextContents(), ['1,000', '942', '0', '58']);
  await frame.getByRole('button', { name: /Reproducir/ }).click();
  await frame.locator('.finished').waitFor({ timeout: 30_000 });
  assert.ok((await counter(frame, 'deliveries')) >= 30);

  const mount = page.locator('#lab-mount');
  await mount.locator('code.uuid5').waitFor();
  assert.equal(await mount.locator('nav.tabs').count(), 0, 'a single experiment');
  assert.equal(await mount.locator('code.uuid5').textContent(), '0a0bdc21-c5ad-5109-8e6d-77d753878591');
  await mount.locator('input[id$="-uuid5-norad"]').fill('33591');
  assert.equal(await mount.locator('code.key').textContent(), '33591|2026-07-29T14:00:00Z');
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.body).fontFamily).then((f) => f.includes('Georgia')),
    true,
    "the lab's styles leave the author's page alone",
  );
  assert.deepEqual(errors, []);
  for (const url of requests) assert.ok(url.startsWith(server.origin + '/'), `request beyond the lab's files: ${url}`);
  await page.close();
});

test('several mounted labs on one page are independent', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  // An author's page with two labs, served from the lab's origin.
  await page.route(server.base + 'two.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body>
      <div id="a" data-retry-lab data-lang="en" data-seed="1"></div>
      <div id="b" data-retry-lab data-lang="es" data-seed="2" data-lock="seed"></div>
      <script type="module" src="embed.js"></script></body></html>`,
    }),
  );
  await page.goto(server.base + 'two.html');
  const a = page.locator('#a'),
    b = page.locator('#b');
  await a.locator('button.step').waitFor();
  await b.locator('button.step').waitFor();
  for (let i = 0; i < 4; i++) await a.locator('button.step').click();
  assert.ok((await counter(a, 'deliveries')) >= 4);
  assert.equal(await counter(b, 'deliveries'), 0, 'stepping lab A leaves lab B alone');
  // Each names its lesson, in its own language.
  assert.equal(await a.locator('h1, h2.lab-title').first().textContent(), 'At-least-once is reality, exactly-once is a practical myth');
  assert.equal(await b.locator('h1, h2.lab-title').first().textContent(), 'At-least-once es la realidad, exactly-once es un mito práctico');
  assert.ok(await b.locator('input[id$="-seed"]').isDisabled());
  // Each lab's ids (in its shadow root, with the page's own) are unique.
  const ids = await page.evaluate(() =>
    [document, ...[...document.querySelectorAll('[data-retry-lab]')].map((e) => e.shadowRoot)].flatMap((root) =>
      [...root.querySelectorAll('[id]')].map((e) => e.id),
    ),
  );
  assert.ok(ids.length > 20, `the labs' ids were read (${ids.length})`);
  assert.equal(new Set(ids).size, ids.length, 'no duplicate ids');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a mounted lab of a page that shares another page's styles gets both stylesheets", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(server.base + 'ops.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body>
      <div id="q" data-retry-lab data-lang="en" data-experiment="dlq"></div>
      <script type="module" src="embed.js"></script></body></html>`,
    }),
  );
  await page.goto(server.base + 'ops.html');
  await page.locator('#q .lab-title, #q h2').first().waitFor();
  // The lab's sheets are in its shadow root, none in the host's document.
  await page.waitForFunction(() =>
    [...document.querySelector('#q').shadowRoot.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet),
  );
  assert.equal(await page.evaluate(() => document.querySelectorAll('link[rel=stylesheet]').length), 0);
  // Operating queues draws «Colas y streams»' queue charts: lesson-004.css, then its own.
  const sheets = await page.evaluate(() =>
    [...document.querySelector('#q').shadowRoot.querySelectorAll('link[rel=stylesheet]')].map((l) => [
      new URL(l.href).pathname.split('/').slice(-2).join('/'),
      Boolean(l.sheet),
    ]),
  );
  assert.deepEqual(
    sheets.filter(([href]) => href.startsWith('lesson-004-ops/')),
    [
      ['lesson-004-ops/lesson-004.css', true],
      ['lesson-004-ops/lesson-004-ops.css', true],
    ],
  );
  await context.close();
});

test('served from a sub-path, with no request beyond its own files and no CSP violation', async () => {
  const { page, errors } = await open(browser, subpath.base + '?lang=en');
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.getByRole('button', { name: /Play/ }).click();
  await page.locator('.finished').waitFor({ timeout: 30_000 });
  await page.reload();
  await page.locator('.experiment').waitFor();
  for (const url of requests) assert.ok(url.startsWith(subpath.base), `request outside the lab's sub-path: ${url}`);
  assert.ok(
    subpath.requests.every((p) => p.startsWith('/courses/retry-lab/')),
    subpath.requests.join(', '),
  );
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(csp, /default-src 'none'/);
  assert.doesNotMatch(csp, /(^|[^-])'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  assert.deepEqual(errors, [], 'no console error, CSP violations included');
  await page.close();
});

// Links written before v2 (README examples and what the v1 page wrote) open
// as they did; the ones for lesson 004's experiment go to its page.
test('v1 links open as before, on the right lesson page', async () => {
  const v1 = {
    '?preset=flaky-acks&failure=0.3&lang=en': async (page) => {
      assert.equal(await page.locator('output[for$="-failure"]').textContent(), '30%');
      assert.equal(await page.locator('input[id$="-events"]').inputValue(), '30');
    },
    '?v=1&preset=consumer-down&lang=en': async (page) => {
      assert.equal(await page.locator('output[for$="-failure"]').textContent(), '90%', "v1's consumer-down: 90 % failures");
      assert.equal(await page.locator('input[id$="-seed"]').inputValue(), '404');
    },
    '?v=1&exp=ack&lang=es&failure=0.4&seed=31&crash=0.05&rng=python&messages=1000': async (page) => {
      assert.ok(page.url().includes('/lesson-004/?'), page.url());
      assert.equal(await page.locator('input[id$="-seed"]').inputValue(), '31', "the v1 seed is read on lesson 004's page");
      assert.equal(await page.locator('tr[data-mode]').count(), 3);
    },
    '?preset=lesson-004': async (page) => {
      assert.ok(page.url().includes('/lesson-004/'), page.url());
      assert.deepEqual(await page.locator('tr[data-mode="after-dedup"] td').allTextContents(), ['1,060', '1,000', '60', '0']);
    },
  };
  for (const [query, check] of Object.entries(v1)) {
    const { page, errors } = await open(browser, server.base + query);
    await page.locator('.experiment').waitFor();
    assert.equal(await page.locator('.notice').count(), 0, `${query}: no notice`);
    await check(page);
    assert.deepEqual(errors, [], query);
    await page.close();
  }
});

// A link for another page's experiment is passed on with its keys and read
// there, without a notice; a key no page has is noted.
test("links carry their page's keys to that page; an unknown key is noted", async () => {
  let { page, errors } = await open(browser, server.base + '?exp=dlq&lang=en&look_s=600&dlq_do=fix%407200');
  // The DLQ asks exercise 8's number first; its alert shows once answered.
  await reveal(page);
  await page.locator('.dlq-alert').waitFor();
  assert.ok(page.url().includes('/lesson-004-ops/?'), page.url());
  assert.equal(await page.locator('.notice').count(), 0, "read on the DLQ's page");
  assert.equal(await page.getByLabel('Instant shown', { exact: true }).inputValue(), '600');
  assert.deepEqual(errors, []);
  await page.close();
  ({ page, errors } = await open(browser, server.base + '?lang=en&look_s=600&zzz=1'));
  await page.locator('.notice').waitFor();
  const notice = await page.locator('.notice').textContent();
  assert.match(notice, /zzz/);
  assert.doesNotMatch(notice, /look_s/, "another page's key is passed over");
  assert.deepEqual(errors, []);
  await page.close();
});

test('a sandboxed frame that cannot start the lab says so, never a blank box', async () => {
  // A course page on the lab's host (a page elsewhere would be a public page
  // reaching into loopback, which Chromium blocks before the lab is asked).
  const { page } = await open(browser, 'about:blank');
  await page.route('**/course-sandboxed.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        // Without allow-same-origin the frame's origin is opaque: its module and
        // WebAssembly become cross-origin fetches, which this host (like most) does not allow.
        `<!doctype html><title>course</title><iframe id="scripts-only" title="a" sandbox="allow-scripts" src="./?embed=1&lang=en"></iframe>
    <iframe id="as-documented" title="b" sandbox="allow-scripts allow-same-origin" src="./?embed=1&lang=en"></iframe>`,
    }),
  );
  await page.goto(server.base + 'course-sandboxed.html');
  await page.frameLocator('#scripts-only').getByRole('alert').filter({ hasText: 'could not start' }).waitFor({ timeout: 20_000 });
  const documented = page.frameLocator('#as-documented');
  await documented.locator('.experiment').waitFor();
  assert.equal(await documented.locator('.lab-fallback').count(), 0, 'the lab replaced its fallback');
  await page.close();
});

test('a playing lab scrolled out of view stops animating and goes on where it was', async () => {
  const { page, errors } = await open(browser, 'about:blank', { viewport: { width: 1000, height: 700 } });
  await page.route('**/course-long.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>course</title><p>Text</p><div id="far" style="height:3000px"></div>
    <div data-retry-lab data-experiment="retries" data-lang="en" data-speed="1000" data-events="200"></div>
    <script type="module" src="./embed.js"></script></html>`,
    }),
  );
  await page.goto(server.base + 'course-long.html');
  const lab = page.locator('[data-retry-lab]');
  await lab.locator('button.play').scrollIntoViewIfNeeded();
  await lab.locator('button.play').click();
  const clock = () => lab.locator('.clock-value').textContent();
  // The lab's marks are in its shadow root.
  const clockNow = () => document.querySelector('[data-retry-lab]').shadowRoot.querySelector('.clock-value')?.textContent;
  const clockIsNot = (was) => `[undefined, ${JSON.stringify(was)}].indexOf((${clockNow})()) === -1`;
  await page.waitForFunction(clockIsNot('0 s'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const away = await clock();
  await page.waitForTimeout(1000);
  assert.equal(await clock(), away, 'no frames while unseen');
  assert.equal(await lab.locator('button.play').getAttribute('aria-pressed'), 'true', 'still playing');
  await lab.locator('button.play').scrollIntoViewIfNeeded();
  await page.waitForFunction(clockIsNot(away));
  assert.deepEqual(errors, []);
  await page.close();
});
