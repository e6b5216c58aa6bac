// Up the ladder: from one run in the lab to the same scenario over 200
// seeds (or over a parameter), and back down to one run. The page's numbers
// must be the CLI's (`retry-lab sweep`), and a bar's run must show, in the
// lab, the outcome the bar counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { serve, launch, open, ROOT } from './harness.mjs';

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

const done = (page) => page.locator('body[data-sweep=done]').waitFor({ timeout: 60_000 });
const counter = async (page, key) => Number((await page.locator(`[data-counter=${key}] dd`).textContent()).replace(/,/g, ''));

function cliSweep(...args) {
  const out = execFileSync(
    'cargo',
    ['run', '--locked', '--release', '--quiet', '-p', 'retry-lab-cli', '--bin', 'retry-lab', '--', 'sweep', ...args],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  return JSON.parse(out);
}

test("from a run to 200 seeds and back: a bar opens a run that shows its count; the numbers are the CLI's", async () => {
  const { page, errors } = await open(browser, server.base + '?v=3&exp=retries&failure=0.5&seed=7&lang=en');
  // The way up is under the experiment, with its other links.
  await page.getByRole('link', { name: 'the seed or the parameter? See 200 seeds ↗' }).click();
  await done(page);
  assert.match(await page.getByRole('status').textContent(), /^Done: 200 runs in/);
  const insight = await page.locator('#sweep-insight').textContent();
  assert.match(
    insight,
    /^Over 200 seeds, events that reach dead-letter: median \d+; 9 in 10 between \d+ and \d+\. Your run \(seed 7\): \d+, a (typical run|n unusual seed)\.$/,
    insight,
  );
  assert.ok(await page.getByText(/^your run \(seed 7\): \d+$/).isVisible(), "the learner's run is marked on the figure");

  // The page's report is the CLI's, point by point.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
  const report = JSON.parse(await readFile(await download.path(), 'utf8'));
  const link = new URLSearchParams(new URL(page.url()).search);
  for (const key of ['dir', 'scenario', 'page', 'outcome', 'axis', 'seeds']) link.delete(key);
  const cli = cliSweep(`https://lab.example/?${link}`, '--seeds', '200', '--json');
  assert.deepEqual(report, cli, "the page's sweep and `retry-lab sweep` differ");
  assert.equal(report.points.length, 200);

  // A bar with dead-lettered events, by keyboard: its run, in the lab, shows that count.
  const bar = page.locator('svg a[data-value]:not([data-value="0"])').first();
  const value = Number(await bar.getAttribute('data-value'));
  const seed = await bar.getAttribute('data-seed');
  assert.ok(value >= 1, 'some seed sends an event to dead-letter at 50 % failures');
  await bar.focus();
  await Promise.all([page.waitForURL(/seed=/), page.keyboard.press('Enter')]);
  assert.equal(new URL(page.url()).searchParams.get('seed'), seed);
  // The lesson's number is asked before the figure shows the run.
  await page.getByText('Show without estimating').click();
  await page.locator('[data-counter=dead_lettered]').waitFor();
  assert.equal(await counter(page, 'dead_lettered'), value, `seed ${seed}: the lab shows the bar's count`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("over a parameter: the band, the learner's value and the lesson's; a point opens its scenario", async () => {
  const { page, errors } = await open(browser, server.base + 'sweep.html?v=3&exp=storm&lang=es&dir=lesson-003/&axis=clients&seeds=4');
  await done(page);
  assert.equal(await page.locator('#sweep-axis').inputValue(), 'clients');
  assert.equal(await page.locator('#sweep-seeds-label').textContent(), 'Semillas por valor');
  const points = page.locator('svg a[data-value]');
  assert.equal(await points.count(), 21, 'clients 10–1,000 in 21 values');
  // Lesson 003 states no number of clients: no mark says «la lección».
  assert.equal(await page.getByText(/^la lección/).count(), 0);
  assert.ok(await page.getByText('tu valor: 100').isVisible());
  assert.match(
    await page.locator('#sweep-insight').textContent(),
    /^Con clientes de 10 a 1,000, la mediana de clientes que pasan \(estrategia de la derecha\) va de \d+ a \d+; con tu valor, 100, es \d+\./,
  );
  assert.equal(
    await page.locator('#sweep-meta dd').first().textContent(),
    'Confiabilidad a escala: idempotencia, reintentos y backpressure',
  );
  const cli = cliSweep('storm', '--param', 'clients', '--seeds', '4', '--json', 'lang=es');
  const fifth = points.nth(5);
  const clients = await fifth.getAttribute('data-value');
  assert.equal(clients, cli.bands[5].value);
  await Promise.all([page.waitForURL(/lesson-003\//), fifth.click()]);
  const opened = new URL(page.url()).searchParams;
  assert.equal(opened.get('clients'), clients);
  assert.ok(Number(opened.get('seed')) >= 1 && Number(opened.get('seed')) <= 4, opened.toString());
  await page.locator('.experiment').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('any change cancels the sweep under way; what cannot be swept is said', async () => {
  const { page, errors } = await open(browser, server.base + 'sweep.html?v=3&exp=ack&lang=en&dir=lesson-004/&seeds=1000');
  // Changed before the 1,000 seeds are done: only the last choice finishes.
  await page.locator('#sweep-axis').selectOption('crash');
  await page.locator('#sweep-seeds').fill('3');
  await page.locator('#sweep-seeds').dispatchEvent('change');
  await done(page);
  assert.deepEqual(await page.evaluate(() => window.retryLabSweep.points), 21 * 3);
  assert.equal(new URL(page.url()).searchParams.get('axis'), 'crash', "the choice is in the page's address");
  // Lesson 004's 5 % is also the learner's value: one mark with both names.
  assert.ok(await page.getByText('your value = the lesson: 5 %').isVisible());
  await page.goto(server.base + 'sweep.html?v=3&exp=visibility&lang=en&dir=lesson-004/');
  await page.getByRole('status').filter({ hasText: 'does not depend on the seed' }).waitFor();
  // A link to no experiment of the lab is refused in words; junk choices fall back to the defaults.
  await page.goto(server.base + 'sweep.html?v=3&exp=__proto__&lang=en');
  await page.getByRole('status').filter({ hasText: 'which the lab does not have' }).waitFor();
  await page.goto(server.base + 'sweep.html?v=3&exp=retries&lang=en&seeds=abc&axis=zzz&outcome=constructor&dir=https://evil.example/');
  await done(page);
  assert.deepEqual(await page.evaluate(() => window.retryLabSweep.points), 200);
  // A link that names only a preset: the outcomes come with the report.
  await page.goto(server.base + 'sweep.html?v=3&preset=lesson&lang=en&seeds=20');
  await done(page);
  assert.equal(await page.locator('#sweep-outcome option').first().textContent(), 'Events that reach dead-letter');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the sweep page: axe finds nothing serious in both languages and themes, and it fits 360 px', async () => {
  const axe = require.resolve('axe-core/axe.min.js');
  for (const lang of ['es', 'en']) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ bypassCSP: true, colorScheme, viewport: { width: 360, height: 780 } });
      const page = await context.newPage();
      for (const axis of ['', '&axis=failure&seeds=5']) {
        await page.goto(server.base + `sweep.html?v=3&exp=retries&lang=${lang}${axis}`);
        await done(page);
        await page.addScriptTag({ path: axe });
        const violations = await page.evaluate(async () =>
          (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`),
        );
        assert.deepEqual(violations, [], `${lang} ${colorScheme} ${axis}`);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), `fits 360 px: ${lang} ${axis}`);
        const box = await page.locator('.sweep-svg').boundingBox();
        assert.ok(box.width >= 290, `the figure uses the phone's width (${box.width} px)`);
      }
      await context.close();
    }
  }
});

test("a sweep over its work budget is refused on the page at once, in the CLI's words; a permitted one shows its estimate", async () => {
  let cliWords = '';
  try {
    execFileSync(
      'cargo',
      [
        'run',
        '--locked',
        '--release',
        '--quiet',
        '-p',
        'retry-lab-cli',
        '--bin',
        'retry-lab',
        '--',
        'sweep',
        'ack',
        'messages=100000',
        'crash=0.99',
        '--param',
        'crash',
        '--seeds',
        '1000',
      ],
      { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' },
    );
    assert.fail('the CLI ran it');
  } catch (error) {
    assert.equal(error.status, 2);
    cliWords = error.stderr.trim().replace(/^error: /, '');
  }
  const { page, errors } = await open(
    browser,
    server.base + 'sweep.html?v=3&exp=ack&messages=100000&crash=0.99&lang=en&axis=crash&seeds=1000&dir=lesson-004/',
  );
  await page.locator('body[data-sweep=refused]').waitFor();
  assert.equal(await page.locator('#sweep-status').textContent(), cliWords, 'the same sentence on the page and in the CLI');
  assert.match(cliWords, /a sweep does at most 10⁸\. Lower the seeds to \d+ or “Messages” to [\d,]+\. Nothing was run\.$/);
  assert.equal(await page.locator('#sweep-progress').evaluate((p) => p.value), 0, 'nothing ran');
  // A permitted sweep says its work while it runs (every status it showed, recorded).
  await page.addInitScript(() => {
    window.statuses = [];
    new MutationObserver(() => window.statuses.push(document.getElementById('sweep-status')?.textContent ?? '')).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto(server.base + 'sweep.html?v=3&exp=ack&lang=en&axis=crash&seeds=40&dir=lesson-004/');
  await done(page);
  const statuses = await page.evaluate(() => window.statuses);
  assert.ok(
    statuses.some((s) => /^Computing: [\d,]+ of 840 runs \(about [\d,·⁰¹²³⁴⁵⁶⁷⁸⁹]+ delivery attempts\)…$/.test(s)),
    statuses.join('\n'),
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test("the sweep page draws a comparison's two sides on one axis, integer outcomes in integer bins, and says why one bar", async () => {
  const { page, errors } = await open(browser, server.base + 'sweep.html?v=4&exp=storm&lang=en&seeds=40&dir=lesson-003/');
  await done(page);
  // The storm's two strategies, one axis: both sides' bars, and the words name both.
  assert.ok((await page.locator('#sweep-chart .sw-bar').count()) > 0 && (await page.locator('#sweep-chart .sw-bar-other').count()) > 0);
  assert.match(
    await page.locator('#sweep-insight').textContent(),
    /^On one axis: Clients through \(the right strategy\), median \d+ .*; clients through \(the left strategy\), median 40 /,
  );
  // Whole numbers only on the bins' axis and in their names.
  const ticks = await page.locator('#sweep-chart .sw-tick').allTextContents();
  const bins = await page.locator('#sweep-chart a[aria-label]').evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')));
  assert.ok(
    bins.every((words) => !/\d\.\d/.test(words.split(':')[0])),
    bins.join('\n'),
  );
  assert.ok(
    ticks.every((t) => /^[\d,]+$/.test(t)),
    ticks.join(' '),
  );
  // Lesson 000's default: every seed the same, and the words say the scenario decides.
  await page.goto(server.base + 'sweep.html?v=4&exp=retries&lang=en');
  await done(page);
  assert.match(await page.locator('#sweep-insight').textContent(), /^All 200 seeds give the same: .*the scenario decides/);
  assert.deepEqual(errors, []);
  await page.close();
});
