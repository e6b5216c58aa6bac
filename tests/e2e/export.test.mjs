// "Export this run": from the lab to its files, as a learner gets them. The
// files are parsed back and must match what the lab shows for the same link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve, launch, open } from './harness.mjs';

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

async function downloaded(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

/** RFC 4180 records (quoted fields with commas, quotes and line breaks), `#` lines skipped. */
function parseCsv(text) {
  const rows = [];
  let row = [],
    field = '',
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows.filter((r) => !r[0].startsWith('#'));
}

/**
 * Clicks the lab's export link and waits for the export page to start.
 * Twice in about forty CI runs the click left the lab where it was. The
 * cause, found later: the «Log» card above the link is drawn at its
 * placeholder height until it nears the view (content-visibility, 322 px),
 * then at its own (350 px), so a link just scrolled into view moved 28 px
 * down a frame later, and a click aimed before that landed on the card. The
 * log now keeps one height (lab.test checks it), but other parts above the
 * ops page's link are still drawn late at their placeholder's height. So
 * the link is brought into view and left a moment to settle first; if the
 * export page still never starts, the test says what stood under the
 * pointer and clicks once more. A link that never navigates still fails.
 */
async function followExportLink(page, name) {
  const link = page.getByRole('link', { name });
  await link.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  for (let attempt = 1; ; attempt++) {
    await link.click();
    const left = await page.waitForURL(/\/export\.html\?/, { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (left) return;
    const under = await link.evaluate((a) => {
      const box = a.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return `link at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}, under its centre: ${hit?.outerHTML.slice(0, 120)}`;
    });
    process.stderr.write(`export link click ${attempt} did not navigate (${page.url()}): ${under}\n`);
    if (attempt === 2) throw new Error(`the export link did not navigate after two clicks: ${under}`);
  }
}

test("a learner exports the run they see; the JSON and the CSV add up to the lab's counters", async () => {
  const query = 'v=2&exp=retries&failure=0.4&ack_lost=0.9&events=30&seed=31&at=1500&lang=en';
  const { page, errors } = await open(browser, server.base + '?' + query);
  await page.locator('[data-counter=deliveries]').waitFor({ state: 'attached' });
  const deliveries = await counter(page, 'deliveries');
  const dead = await counter(page, 'dead_lettered');
  assert.ok(deliveries > 30, `${deliveries} deliveries at 1,500 s`);

  await followExportLink(page, 'Export this run (CSV, JSON) ↗');
  await page
    .getByRole('status')
    .filter({ hasText: 'Ready: 4 tables.' })
    .waitFor()
    .catch(async (error) => {
      // Under a loaded CI this once timed out with no clue: say where the page was and what it said.
      const said = await page
        .locator('#export-status')
        .textContent()
        .catch(() => '(no status)');
      throw new Error(`${error.message}\nat ${page.url()}, the status said: ${said}`);
    });
  const json = await downloaded(page, 'JSON');
  assert.equal(json.name, 'retry-lab-retries-seed-31.json');
  const run = JSON.parse(json.text);
  assert.equal(run.seed, 31);
  assert.ok(run.link.includes('exp=retries') && run.link.includes('at=1500'), run.link);
  const named = Object.fromEntries(run.tables.find((t) => t.name === 'counters').rows);
  assert.equal(Number(named.deliveries), deliveries);
  assert.equal(Number(named.dead_lettered), dead);

  const csv = await downloaded(page, 'CSV: attempts');
  assert.equal(csv.name, 'retry-lab-retries-seed-31-attempts.csv');
  assert.match(csv.text, /^# retry-lab export v2: retries attempts\n# seed: 31\n# link: /);
  const [header, ...attempts] = parseCsv(csv.text);
  assert.deepEqual(header, ['at_s', 'event', 'cycle_attempt', 'outcome', 'effect', 'next', 'retry_at_s']);
  assert.equal(attempts.length, deliveries, 'one row per delivery the lab counts');
  assert.equal(attempts.filter((r) => r[5] === 'dead_letter').length >= dead, true);
  // The totals are numbers a spreadsheet sums: no separators, the unit in its column.
  const totals = parseCsv((await downloaded(page, 'CSV: totals')).text);
  assert.deepEqual(totals[0], ['name', 'item', 'value', 'unit']);
  assert.ok(
    totals.every((r) => r.length === 4),
    JSON.stringify(totals),
  );
  assert.equal(Number(totals.find((r) => r[0] === 'deliveries')[2]), deliveries);
  // Back to the same lab.
  await page.getByRole('link', { name: 'Back to the lab' }).click();
  await page.locator('[data-counter=deliveries]').waitFor({ state: 'attached' });
  assert.equal(await counter(page, 'deliveries'), deliveries);
  assert.deepEqual(errors, []);
  await page.close();
});

test("every lesson page's export module loads and exports its open experiment", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004-ops/?exp=dlq&lang=es');
  await page.locator('.experiment').waitFor();
  await followExportLink(page, /Exportar esta ejecución/);
  await page
    .getByRole('status')
    .filter({ hasText: /Listo: 3 tablas/ })
    .waitFor();
  assert.deepEqual(await page.getByRole('button').allTextContents(), ['JSON', 'CSV: receives', 'CSV: dead_letter_queue', 'CSV: totals']);
  for (const dir of ['lesson-000-ids/', 'lesson-001/', 'lesson-003/', 'lesson-003-actions/', 'lesson-004/', 'lesson-004-streams/']) {
    await page.goto(server.base + `export.html?v=2&lang=en&dir=${dir}`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Ready: \d+ tables?\.$/ })
      .waitFor();
  }
  assert.deepEqual(errors, []);
  await page.close();
});
