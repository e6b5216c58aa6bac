// The lab and the page that embeds it (issue 24): messages to the host on
// another origin, and a SCORM 1.2 package from the builder run by a real
// SCORM runtime (npm scorm-again's Scorm12API) as the LMS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, mkdir, copyFile, readFile, cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { execFileSync, spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8, strToU8 } from 'fflate';
import { serve, launch, open, ROOT, storedTasks } from './harness.mjs';

/** npm xapi-validation: the warnings (errors included) a statement raises; none for a valid one. */
const validateStatement = (statement) => createRequire(import.meta.url)('xapi-validation').default(statement);

let lab, host, hostDir, browser;
before(async () => {
  lab = await serve();
  hostDir = await mkdtemp(join(tmpdir(), 'retry-lab-host-'));
  host = await serve(hostDir); // another port: another origin
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await lab?.close();
  await host?.close();
});

const UNIQUE = 'Unique constraint on the id';

/** A course page on the host's origin: the lab's frame, a sibling frame, both logging what they receive. */
async function hostPage(labQuery) {
  await writeFile(
    join(hostDir, 'other.html'),
    '<!doctype html><script>window.got = []; addEventListener("message", (e) => window.got.push(e.data));</script>',
  );
  await writeFile(
    join(hostDir, 'course.html'),
    `<!doctype html><html lang="en"><title>Course</title><link rel="icon" href="data:,">
<iframe id="lab" title="lab" sandbox="allow-scripts allow-same-origin" style="width:100%;height:600px" src="${lab.base}lesson-001/?${labQuery}"></iframe>
<iframe id="other" title="other" src="other.html"></iframe>
<script>
  window.received = [];
  addEventListener('message', (e) => window.received.push({ origin: e.origin, fromLab: e.source === document.getElementById('lab').contentWindow, data: e.data }));
</script>`,
  );
  return open(browser, `${host.base}course.html`);
}

const messages = (page, type) => page.evaluate((t) => window.received.filter((m) => m.data?.type === t), type);

test('a host page on another origin hears ready, resize, progress, task-completed and scenario; no other frame does', async () => {
  const { page, errors } = await hostPage('v=3&embed=1&only=dedup&lang=en');
  const frame = page.frameLocator('#lab');
  await page.waitForFunction(() => window.received.some((m) => m.data?.type === 'retry-lab:progress'));
  const [ready] = await messages(page, 'retry-lab:ready');
  assert.deepEqual(ready, {
    origin: lab.origin,
    fromLab: true,
    data: { type: 'retry-lab:ready', version: 1, experiment: 'dedup', lang: 'en' },
  });
  const [first] = await messages(page, 'retry-lab:progress');
  assert.deepEqual(first.data, { type: 'retry-lab:progress', version: 1, done: 0, total: 3, tasks: [] });
  // The height follows the lab as it renders: the header first, then the experiment.
  await page.waitForFunction(() => window.received.some((m) => m.data?.type === 'retry-lab:resize' && m.data.height > 300));

  await frame.getByLabel(UNIQUE).selectOption('on');
  await page.waitForFunction(() => window.received.some((m) => m.data?.type === 'retry-lab:task-completed'));
  const [completed] = await messages(page, 'retry-lab:task-completed');
  assert.equal(completed.fromLab, true);
  const { statement } = completed.data;
  assert.equal(completed.data.task, 'dedup-unique');
  assert.equal(statement.verb.id, 'http://adlnet.gov/expapi/verbs/completed');
  assert.equal(statement.object.id, `${lab.base}lesson-001/#dedup/dedup-unique`);
  assert.equal(statement.result.completion, true);
  assert.ok(statement.object.definition.name.es && statement.object.definition.name.en, JSON.stringify(statement));
  assert.notEqual(statement.object.definition.name.es, statement.object.definition.name.en);
  assert.equal(statement.actor, undefined, 'no personal data: the host adds its learner');
  await page.waitForFunction(() => window.received.filter((m) => m.data?.type === 'retry-lab:progress').length >= 2);
  const progress = await messages(page, 'retry-lab:progress');
  assert.deepEqual(progress.at(-1).data, { type: 'retry-lab:progress', version: 1, done: 1, total: 3, tasks: ['dedup/dedup-unique'] });
  const scenario = await messages(page, 'retry-lab:scenario');
  assert.equal(scenario.length, 1, 'the learner changed the scenario once');
  assert.ok(
    scenario[0].data.link.startsWith(`${lab.base}lesson-001/?v=4&`) && /preset=unique-constraint|unique=on/.test(scenario[0].data.link),
    scenario[0].data.link,
  );
  assert.doesNotMatch(scenario[0].data.link, /[?&](lang|at)=/, 'the scenario, not its language or clock');

  // Every message came from the lab's frame, from its origin, versioned; the sibling frame got none.
  const all = await page.evaluate(() => window.received);
  assert.ok(
    all.every((m) => m.fromLab && m.origin === lab.origin && m.data.version === 1),
    JSON.stringify(all),
  );
  const sibling = page.frames().find((f) => f.url().endsWith('/other.html'));
  assert.deepEqual(await sibling.evaluate(() => window.got), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('hostile messages to the lab change nothing; host=off silences it', async () => {
  const { page, errors } = await hostPage('v=3&embed=1&only=dedup&lang=en&host=off');
  const frame = page.frameLocator('#lab');
  await frame.getByLabel(UNIQUE).waitFor();
  const before = await frame.locator('.experiment').innerText();
  await page.evaluate(() => {
    const lab = document.getElementById('lab').contentWindow;
    for (const message of [
      { type: 'retry-lab:set', version: 1, key: 'unique', value: 'on' },
      { type: 'retry-lab:progress', version: 99, done: 3, total: 3 },
      'x'.repeat(8_000_000),
      { __proto__: { type: 'retry-lab:ready' } },
      null,
      42,
      [1, 2, 3],
    ])
      lab.postMessage(message, '*');
  });
  await page.waitForTimeout(500);
  assert.equal(await frame.locator('.experiment').innerText(), before, 'no message changed the lab');
  // The learner's own change still works.
  await frame.getByLabel(UNIQUE).selectOption('on');
  await frame.locator('[data-task="dedup-unique"].task-done').waitFor();
  assert.deepEqual(await page.evaluate(() => window.received), [], 'host=off: nothing posted, not even its height');
  assert.deepEqual(errors, []);
  await page.close();
});

/** The builder's page for the dedup experiment, as a lab's "Embed this" opens it (plus `extra` in its link). */
async function builderPage(extra = '') {
  const { page, errors } = await open(browser, `${lab.base}lesson-001/?exp=dedup&lang=en`);
  const href = await page.getByRole('link', { name: /Embed this/ }).getAttribute('href');
  await page.goto(new URL(href + extra, page.url()).href);
  await page.getByRole('heading', { name: 'Embed an experiment' }).waitFor();
  return { page, errors };
}

/** The builder's SCORM package for the dedup experiment with the tasks `keep`, unzipped. */
const scormPackage = (options) =>
  builderPackage({ ...options, button: 'Download the SCORM package (.zip)', filename: 'retry-lab-dedup-scorm12.zip' });

/** One of the builder's packages for the dedup experiment with the tasks `keep`, unzipped. */
async function builderPackage({ keep = ['dedup-unique'], extra = '', button, filename }) {
  const { page, errors } = await builderPage(extra);
  for (const input of await page.locator('#tasks input').all()) {
    if (!keep.includes(await input.getAttribute('value'))) await input.uncheck();
  }
  const shown = keep.length === 1 ? '1 guided task' : `${keep.length} guided tasks`;
  await page.getByText('The learner will see “', { exact: false }).filter({ hasText: shown }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  assert.equal(download.suggestedFilename(), filename);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  await page.getByText(/^Package ready \(\d+ KB\)\.$/).waitFor();
  assert.deepEqual(errors, []);
  return { page, files };
}

test("the builder's SCORM 1.2 package: its manifest has the schema's required elements", async () => {
  const { page, files } = await scormPackage();
  assert.deepEqual(Object.keys(files).sort(), ['config.js', 'imsmanifest.xml', 'index.html', 'launch.css', 'launch.js']);
  const manifest = strFromU8(files['imsmanifest.xml']);
  const problems = await page.evaluate((xml) => {
    const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
    const ADL = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const out = [];
    if (doc.getElementsByTagName('parsererror').length) return ['not well-formed'];
    const one = (parent, name) => [...parent.children].filter((c) => c.namespaceURI === CP && c.localName === name);
    const root = doc.documentElement;
    if (root.localName !== 'manifest' || root.namespaceURI !== CP || !root.getAttribute('identifier')) out.push('manifest@identifier');
    const [metadata] = one(root, 'metadata');
    if (one(metadata, 'schema')[0]?.textContent !== 'ADL SCORM') out.push('metadata/schema');
    if (one(metadata, 'schemaversion')[0]?.textContent !== '1.2') out.push('metadata/schemaversion');
    const [organizations] = one(root, 'organizations');
    const [organization] = one(organizations, 'organization');
    if (organizations.getAttribute('default') !== organization?.getAttribute('identifier')) out.push('organizations@default');
    if (!one(organization, 'title')[0]?.textContent) out.push('organization/title');
    const [item] = one(organization, 'item');
    if (!item?.getAttribute('identifier') || !one(item, 'title')[0]?.textContent) out.push('item');
    const resources = one(one(root, 'resources')[0], 'resource');
    const sco = resources.find((r) => r.getAttribute('identifier') === item.getAttribute('identifierref'));
    if (!sco) out.push('item@identifierref');
    else {
      if (sco.getAttribute('type') !== 'webcontent') out.push('resource@type');
      if (sco.getAttributeNS(ADL, 'scormtype') !== 'sco') out.push('resource@adlcp:scormtype');
      const listed = one(sco, 'file').map((f) => f.getAttribute('href'));
      if (!listed.includes(sco.getAttribute('href'))) out.push('resource@href among its files');
    }
    return out;
  }, manifest);
  assert.deepEqual(problems, []);
  // The launch page embeds the chosen experiment by its absolute URL, its task, compact:
  // the address is written once, in config.js, which the launch page reads.
  const src = new URL(configSrc(files));
  assert.doesNotMatch(strFromU8(files['index.html']), /127\.0\.0\.1/, 'no address in the launch page');
  assert.match(manifest, /<file href="config.js"\/>/);
  assert.equal(src.origin + src.pathname, `${lab.base}lesson-001/`);
  assert.deepEqual(Object.fromEntries(['embed', 'only', 'tasks', 'lang'].map((k) => [k, src.searchParams.get(k)])), {
    embed: '1',
    only: 'dedup',
    tasks: 'dedup-unique',
    lang: 'en',
  });
  await page.close();
});

/** The lab's address in a package's config.js (a JSON string). */
const configSrc = (files) => JSON.parse(strFromU8(files['config.js']).match(/src: ("[^\n]*")/)[1]);

/** An LMS's page on the host's origin: scorm-again's Scorm12API as window.API, what it saved before
 * loaded. In `context` (a browser profile, shared by learners of one computer), else a fresh one. */
async function lms(files, saved, context) {
  await mkdir(join(hostDir, 'sco'), { recursive: true });
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(hostDir, 'sco', name), bytes);
  await copyFile(join(ROOT, 'node_modules/scorm-again/dist/scorm12.min.js'), join(hostDir, 'scorm12.min.js'));
  await writeFile(
    join(hostDir, 'lms.html'),
    `<!doctype html><html lang="en"><title>LMS</title><link rel="icon" href="data:,">
<script src="scorm12.min.js"></script>
<script>
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  window.commits = 0;
  window.API.on('LMSCommit', () => { window.commits += 1; });
  window.API.on('LMSFinish', () => { window.finished = true; });
  // What the course set, as the LMS heard it (session_time is write-only in the CMI).
  window.sets = {};
  window.API.on('LMSSetValue.cmi.*', (element, value) => { window.sets[element] = value; });
  const saved = ${JSON.stringify(saved ?? null)};
  if (saved) window.API.loadFromJSON(saved);
</script>
<iframe id="sco" title="course" style="width:100%;height:700px" src="sco/index.html"></iframe>`,
  );
  if (!context) return open(browser, `${host.base}lms.html`);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(`${host.base}lms.html`);
  return { page, errors };
}

/** What an LMS keeps of a learner, as scorm-again's loadFromJSON reads it back. */
const record = (page) =>
  page.evaluate(() => ({
    core: { lesson_status: window.API.cmi.core.lesson_status, score: { raw: window.API.cmi.core.score.raw } },
    suspend_data: window.API.cmi.suspend_data,
  }));

const cmi = (page) =>
  page.evaluate(() => ({
    status: window.API.cmi.core.lesson_status,
    score: window.API.cmi.core.score.raw,
    suspend: window.API.cmi.suspend_data,
    commits: window.commits,
  }));

test('in a SCORM 1.2 runtime: a task done completes the lesson with its score, and a second launch shows it done', async () => {
  const { page: builder, files } = await scormPackage();
  await builder.close();
  const { page, errors } = await lms(files);
  const labFrame = page.frameLocator('#sco').frameLocator('#lab');
  await labFrame.getByLabel(UNIQUE).waitFor();
  await page.waitForFunction(() => window.API.cmi.core.lesson_status === 'incomplete' && window.commits > 0);
  assert.deepEqual({ ...(await cmi(page)), commits: 0 }, { status: 'incomplete', score: '0', suspend: 'retry-lab 1 ', commits: 0 });
  assert.equal(await page.frameLocator('#sco').locator('#note').textContent(), 'Progress recorded in the course: 0 of 1 tasks.');
  await labFrame.getByLabel(UNIQUE).selectOption('on');
  await page.waitForFunction(() => window.API.cmi.core.lesson_status === 'completed');
  const done = await cmi(page);
  assert.equal(done.score, '100');
  assert.equal(done.suspend, 'retry-lab 1 dedup/dedup-unique');
  // Leaving the page finishes the session, with the time it took.
  const saved = await record(page);
  await page.frame({ url: /sco\/index\.html/ }).evaluate(() => dispatchEvent(new Event('pagehide')));
  assert.equal(await page.evaluate(() => window.finished), true);
  const sessionTime = await page.evaluate(() => window.sets['cmi.core.session_time']);
  assert.match(sessionTime, /^\d{4}:\d{2}:\d{2}\.\d{2}$/);
  assert.notEqual(sessionTime, '0000:00:00.00');
  assert.deepEqual(errors, []);
  await page.close();

  // A second launch, in a fresh browser context (no localStorage): the LMS's suspend data restores the task.
  const again = await lms(files, saved);
  const labAgain = again.page.frameLocator('#sco').frameLocator('#lab');
  await labAgain.locator('[data-task="dedup-unique"].task-done').waitFor();
  assert.equal((await cmi(again.page)).status, 'completed', 'a completed lesson stays completed');
  assert.deepEqual(again.errors, []);
  await again.page.close();
});

test('the launch page: corrupt suspend data starts clean with a note; without an LMS the lab runs and says progress is not recorded', async () => {
  const { page: builder, files } = await scormPackage();
  await builder.close();
  const { page, errors } = await lms(files, { suspend_data: 'junk<script>' });
  const sco = page.frameLocator('#sco');
  await sco.getByText('What the LMS saved of this lab could not be read: you start afresh.').waitFor();
  await sco.frameLocator('#lab').locator('[data-task="dedup-unique"]:not(.task-done)').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
  const direct = await open(browser, `${host.base}sco/index.html`);
  await direct.page.getByText('No LMS around this page: the lab works, but your progress is not recorded.').waitFor();
  await direct.page.frameLocator('#lab').getByLabel(UNIQUE).selectOption('on');
  await direct.page.frameLocator('#lab').locator('[data-task="dedup-unique"].task-done').waitFor();
  assert.deepEqual(direct.errors, []);
  await direct.page.close();
});

const sco = (page) => page.frameLocator('#sco');
const labIn = (page) => sco(page).frameLocator('#lab');
const ALL_THREE = ['dedup-one-duplicate', 'dedup-record-first', 'dedup-unique'];
/** Stored progress of the lab's origin (another origin than the LMS's), read through a page of the lab's. */
async function labStorage(context) {
  const page = await context.newPage();
  await page.goto(`${lab.base}favicon.svg`);
  const stored = await storedTasks(page);
  await page.close();
  return stored;
}

test("two learners, one browser, one package: the LMS's record is the only source; B starts at 0, A's record and own progress intact", async () => {
  const { page: builder, files } = await scormPackage();
  await builder.close();
  const computer = await browser.newContext({ locale: 'en-US' });
  // A has used the lab outside the course on this computer: their own progress, in the browser.
  const own = await computer.newPage();
  await own.goto(`${lab.base}lesson-001/?exp=dedup&lang=en&tx_crash=0.3`);
  await own.getByLabel('Crash probability').fill('31');
  await own.locator('[data-task="dedup-record-first"].task-done').waitFor();
  await own.close();
  assert.deepEqual(await labStorage(computer), ['dedup/dedup-record-first']);

  // Learner A, in the LMS: the browser's progress is not read (A starts at the LMS's 0) …
  const a = await lms(files, null, computer);
  await labIn(a.page).getByLabel(UNIQUE).waitFor();
  await a.page.waitForFunction(() => window.commits > 0);
  assert.equal(await labIn(a.page).locator('.task-done').count(), 0);
  await labIn(a.page).getByText('Your course keeps your progress, not this browser.').waitFor();
  await labIn(a.page).getByLabel(UNIQUE).selectOption('on');
  await a.page.waitForFunction(() => window.API.cmi.core.lesson_status === 'completed');
  const recordA = await record(a.page);
  assert.deepEqual(recordA, {
    core: { lesson_status: 'completed', score: { raw: '100' } },
    suspend_data: 'retry-lab 1 dedup/dedup-unique',
  });
  await a.page.close();
  // … nor written: A's own progress outside the course is as it was.
  assert.deepEqual(await labStorage(computer), ['dedup/dedup-record-first']);

  // Learner B logs in on the same computer: nothing of A's.
  const b = await lms(files, null, computer);
  await labIn(b.page).getByLabel(UNIQUE).waitFor();
  await b.page.waitForFunction(() => window.commits > 0 && window.API.cmi.suspend_data !== '');
  assert.deepEqual({ ...(await cmi(b.page)), commits: 0 }, { status: 'incomplete', score: '0', suspend: 'retry-lab 1 ', commits: 0 });
  assert.equal(await labIn(b.page).locator('.task-done').count(), 0);
  assert.deepEqual(b.errors, []);
  await b.page.close();

  // A comes back: their record, as the LMS kept it.
  const again = await lms(files, recordA, computer);
  await labIn(again.page).locator('[data-task="dedup-unique"].task-done').waitFor();
  assert.equal((await cmi(again.page)).status, 'completed');
  assert.deepEqual([...a.errors, ...again.errors], []);
  await computer.close();
});

test('the builder never bakes done= into a package: listed as left out, the package starts at 0', async () => {
  const { page, files } = await scormPackage({ extra: '&done=dedup%2Fdedup-unique' });
  assert.match(await page.locator('#dropped').textContent(), /left out of the snippets and the package.*: done/);
  for (const id of ['#snippet-iframe', '#snippet-script']) assert.doesNotMatch(await page.locator(id).inputValue(), /done/, id);
  await page.close();
  assert.doesNotMatch(strFromU8(files['index.html']), /done/);
  const { page: launched, errors } = await lms(files);
  await labIn(launched).getByLabel(UNIQUE).waitFor();
  await launched.waitForFunction(() => window.commits > 0 && window.API.cmi.suspend_data !== '');
  assert.deepEqual({ ...(await cmi(launched)), commits: 0 }, { status: 'incomplete', score: '0', suspend: 'retry-lab 1 ', commits: 0 });
  assert.deepEqual(errors, []);
  await launched.close();
});

test('a package that could not report is refused, saying why; one with no task completes on launch with no score', async () => {
  const { page: silenced } = await builderPage('&host=off');
  // Said under both packages, and neither is built.
  for (const kind of ['scorm', 'h5p']) {
    await silenced
      .locator(`#${kind}-caveat`)
      .getByText('This link carries host=off: a lab that does not talk to the page around it cannot report to the LMS', { exact: false })
      .waitFor();
  }
  assert.ok(await silenced.getByRole('button', { name: 'Download the SCORM package (.zip)' }).isDisabled());
  assert.ok(await silenced.getByRole('button', { name: 'Download the H5P package (.h5p)' }).isDisabled());
  await silenced.close();
  const { page: builder } = await builderPage();
  await builder.getByLabel('Without guided tasks').check();
  await builder
    .locator('#scorm-caveat')
    .getByText('No guided tasks: the package marks the activity completed as soon as it is opened, with no score.')
    .waitFor();
  const [download] = await Promise.all([
    builder.waitForEvent('download'),
    builder.getByRole('button', { name: 'Download the SCORM package (.zip)' }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  await builder.close();
  const { page, errors } = await lms(files);
  await labIn(page).getByLabel(UNIQUE).waitFor();
  await page.waitForFunction(() => window.API.cmi.core.lesson_status === 'completed');
  assert.equal((await cmi(page)).score, '', 'no score: there was nothing to score');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a returning learner keeps what the LMS handed back: 2 of 3 then the third, or 1 of 3 then both, end at 3 of 3, 100, completed', async () => {
  const { page: builder, files } = await scormPackage({ keep: ALL_THREE });
  await builder.close();
  const back = (done) => ({
    core: { lesson_status: 'incomplete', score: { raw: String(Math.round((100 * done.length) / 3)) } },
    suspend_data: `retry-lab 1 ${done.map((t) => `dedup/${t}`).join(',')}`,
  });
  const full = 'retry-lab 1 dedup/dedup-one-duplicate,dedup/dedup-record-first,dedup/dedup-unique';
  const sorted = (suspend) => `retry-lab 1 ${suspend.slice('retry-lab 1 '.length).split(',').sort().join(',')}`;

  const two = await lms(files, back(['dedup-unique', 'dedup-record-first']));
  await labIn(two.page).locator('[data-task="dedup-record-first"].task-done').waitFor();
  await labIn(two.page).getByLabel('The consumer', { exact: true }).selectOption('ack-after');
  await labIn(two.page).getByLabel('Where the consumer crashes').fill('2');
  await two.page.waitForFunction(() => window.API.cmi.core.lesson_status === 'completed');
  const afterTwo = await cmi(two.page);
  assert.deepEqual([afterTwo.score, sorted(afterTwo.suspend)], ['100', full]);
  await two.page.close();

  const one = await lms(files, back(['dedup-unique']));
  await labIn(one.page).locator('[data-task="dedup-unique"].task-done').waitFor();
  await labIn(one.page).getByLabel('Crash probability').fill('30');
  await labIn(one.page).locator('[data-task="dedup-record-first"].task-done').waitFor();
  assert.equal((await cmi(one.page)).score, '67', 'the handed-in task still counts');
  await labIn(one.page).getByLabel('The consumer', { exact: true }).selectOption('ack-after');
  await labIn(one.page).getByLabel('Where the consumer crashes').fill('2');
  await one.page.waitForFunction(() => window.API.cmi.core.lesson_status === 'completed');
  const afterOne = await cmi(one.page);
  assert.deepEqual([afterOne.score, sorted(afterOne.suspend)], ['100', full]);

  // Clearing asks first, says the course's record changes, and then records what it said.
  const frame = labIn(one.page);
  await frame.getByRole('button', { name: 'Clear my progress' }).click();
  assert.match(
    await frame.getByRole('alert').textContent(),
    /^Clear the 3 tasks done in this experiment\? Your course's record changes too: it will no longer count them\./,
  );
  await frame.getByRole('button', { name: 'No, keep them' }).click();
  assert.equal((await cmi(one.page)).score, '100', 'kept: nothing recorded');
  await frame.getByRole('button', { name: 'Clear my progress' }).click();
  await frame.getByRole('button', { name: 'Yes, clear' }).click();
  await one.page.waitForFunction(() => window.API.cmi.core.score.raw === '0');
  assert.deepEqual({ ...(await cmi(one.page)), commits: 0 }, { status: 'incomplete', score: '0', suspend: 'retry-lab 1 ', commits: 0 });
  assert.deepEqual([...two.errors, ...one.errors], []);
  await one.page.close();
});

test("config.js holds the package's one address: an admin's edit moves the lab, a bad one is said, not framed", async () => {
  const { page: builder, files } = await scormPackage();
  await builder.close();
  const moved = configSrc(files).replace('lang=en', 'lang=es');
  const edited = {
    ...files,
    'config.js': strToU8(strFromU8(files['config.js']).replace(JSON.stringify(configSrc(files)), JSON.stringify(moved))),
  };
  assert.equal(configSrc(edited), moved, 'the edit a text editor makes');
  const { page, errors } = await lms(edited);
  await labIn(page).getByLabel('Restricción de unicidad sobre el id').waitFor();
  assert.equal(new URL(await sco(page).locator('#lab').getAttribute('src')).searchParams.get('lang'), 'es');
  assert.deepEqual(errors, []);
  await page.close();
  const broken = { ...files, 'config.js': strToU8('window.RETRY_LAB_CONFIG = { src: "javascript:alert(1)" };') };
  const refused = await lms(broken);
  await sco(refused.page).getByText("The lab's address in config.js is not valid").waitFor();
  assert.equal(await sco(refused.page).locator('#lab').getAttribute('src'), null, 'nothing framed');
  assert.deepEqual(refused.errors, []);
  await refused.page.close();
});

test("storage blocked in the learner's browser: the lab and the launch page both say the course keeps the progress", async () => {
  const { page: builder, files } = await scormPackage();
  await builder.close();
  const context = await browser.newContext({ locale: 'en-US' });
  // Every frame's localStorage throws, as with third-party storage blocked.
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  const { page, errors } = await lms(files, null, context);
  await labIn(page).getByText('Your course keeps your progress, not this browser.').waitFor();
  assert.equal(await labIn(page).getByText('This browser does not keep progress').count(), 0);
  await labIn(page).getByLabel(UNIQUE).selectOption('on');
  await sco(page).getByText('Progress recorded in the course: 1 of 1 tasks.').waitFor();
  assert.equal((await cmi(page)).status, 'completed');
  assert.deepEqual(errors, []);
  await context.close();
});

/** An H5P player's page (npm h5p-standalone 3.8.2, the player) showing `files` (an unzipped .h5p),
 * its learner's saved state handed in, every xAPI statement the content emits recorded. */
async function h5pPlayer(files, savedState) {
  const content = join(hostDir, 'h5p-content');
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(join(content, name, '..'), { recursive: true });
    await writeFile(join(content, name), bytes);
  }
  await cp(join(ROOT, 'node_modules/h5p-standalone/dist'), join(hostDir, 'h5p-player'), { recursive: true });
  const options = {
    h5pJsonPath: 'h5p-content',
    frameJs: 'h5p-player/frame.bundle.js',
    frameCss: 'h5p-player/styles/h5p.css',
    user: { name: 'A. Learner', mail: 'learner@example.org' },
    // The activity's IRI, as an LMS gives its H5P activities (the player's default is the folder's name).
    xAPIObjectIRI: `${host.base}h5p/retry-lab-dedup`,
    // The learner's saved state (none yet: an empty one; H5P asks a server otherwise), handed to
    // the content as a player that saves state does (`saveFreq`: H5P passes it only then).
    contentUserData: [{ state: JSON.stringify(savedState ?? {}) }],
    saveFreq: 3600,
  };
  await writeFile(
    join(hostDir, 'h5p-run.js'),
    `window.statements = [];
new H5PStandalone.H5P(document.getElementById('h5p'), ${JSON.stringify(options)}).then(() => {
  H5P.externalDispatcher.on('xAPI', (event) => window.statements.push(event.data.statement));
  window.playerReady = true;
});`,
  );
  await writeFile(
    join(hostDir, 'h5p.html'),
    '<!doctype html><html lang="en"><title>H5P player</title><link rel="icon" href="data:,"><div id="h5p"></div><script src="h5p-player/main.bundle.js"></script><script src="h5p-run.js"></script>',
  );
  const opened = await open(browser, `${host.base}h5p.html`);
  await opened.page.waitForFunction(() => window.playerReady === true);
  return opened;
}

test("the builder's H5P package in a real H5P player: a task done emits a scored, valid xAPI statement; the saved state comes back", async () => {
  const { page: builder, files } = await builderPackage({ button: 'Download the H5P package (.h5p)', filename: 'retry-lab-dedup.h5p' });
  await builder.close();
  assert.deepEqual(Object.keys(files).sort(), [
    'H5P.RetryLab-1.0/library.json',
    'H5P.RetryLab-1.0/retry-lab.css',
    'H5P.RetryLab-1.0/retry-lab.js',
    'H5P.RetryLab-1.0/semantics.json',
    'content/content.json',
    'h5p.json',
  ]);
  const h5p = JSON.parse(strFromU8(files['h5p.json']));
  assert.equal(h5p.mainLibrary, 'H5P.RetryLab');
  assert.equal(new URL(JSON.parse(strFromU8(files['content/content.json'])).src).searchParams.get('only'), 'dedup');
  const { page, errors } = await h5pPlayer(files);
  // The player runs the content in its own frame; the lab's frame is in it.
  const labFrame = page.frameLocator('iframe.h5p-iframe').frameLocator('iframe.h5p-retry-lab-frame');
  await labFrame.getByLabel(UNIQUE).waitFor();
  // The player keeps the learner's progress: the lab says so, and keeps the browser's storage out.
  await labFrame.getByText('Your course keeps your progress, not this browser.').waitFor();
  await labFrame.getByLabel(UNIQUE).selectOption('on');
  await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith('/completed')));
  const statement = await page.evaluate(() => window.statements.find((s) => s.verb.id.endsWith('/completed')));
  assert.deepEqual(statement.result.score, { min: 0, max: 1, raw: 1, scaled: 1 });
  assert.equal(statement.result.completion, true);
  assert.equal(statement.actor.mbox, 'mailto:learner@example.org', "the player's learner");
  assert.deepEqual(validateStatement(statement), [], 'a valid xAPI statement (npm xapi-validation)');
  const content = page.frames().find((frame) => frame.parentFrame() === page.mainFrame());
  const state = await content.evaluate(() => H5P.instances[0].getCurrentState());
  assert.deepEqual(state, { done: ['dedup/dedup-unique'] });
  assert.deepEqual(errors, []);
  await page.close();
  // The next launch, in a fresh browser: the player's saved state marks the task done.
  const again = await h5pPlayer(files, state);
  await again.page
    .frameLocator('iframe.h5p-iframe')
    .frameLocator('iframe.h5p-retry-lab-frame')
    .locator('[data-task="dedup-unique"].task-done')
    .waitFor();
  assert.deepEqual(again.errors, []);
  await again.page.close();
});

/** A real LRS on loopback (PyPI ralph-malph, file-system backend; `./lab test` installs it
 * pinned): one account for the course's server, started here, stopped by the caller. */
async function startLrs() {
  const ralph = process.env.RETRY_LAB_RALPH ?? join(ROOT, '.tools/ralph/bin/ralph');
  const app = await mkdtemp(join(tmpdir(), 'retry-lab-lrs-'));
  const env = { ...process.env, RALPH_APP_DIR: app, RALPH_RUNSERVER_BACKEND: 'fs' };
  execFileSync(ralph, ['auth', '-u', 'course', '-p', 'course-secret', '-s', 'all', '-M', 'mailto:course@example.org', '-w'], {
    env,
    stdio: 'ignore',
  });
  const port = await new Promise((done) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
  const server = spawn(
    ralph,
    ['runserver', '-b', 'fs', '--fs-default-directory-path', join(app, 'data'), '-h', '127.0.0.1', '-p', String(port)],
    {
      env,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Basic ${btoa('course:course-secret')}`, 'x-experience-api-version': '1.0.3' };
  // Up within 30 s (300 tries), or the test says so.
  for (let tries = 0; tries < 300; tries += 1) {
    if (
      await fetch(`${url}/whoami`, { headers }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, headers, stop: () => server.kill() };
    await new Promise((wait) => setTimeout(wait, 100));
  }
  server.kill();
  throw new Error(`the LRS (${ralph}) did not start on ${url}`);
}

test("the course page forwards a completed task to a real LRS (ralph): with the course's learner, valid, stored", async () => {
  const lrs = await startLrs();
  try {
    const { page, errors } = await open(browser, `${lab.base}course.html?lrs=/lrs/xAPI/statements`);
    // The course's own server passes statements on to its LRS with its credentials.
    await page.route(`${lab.base}lrs/**`, async (route) => {
      const request = route.request();
      const response = await fetch(`${lrs.url}${new URL(request.url()).pathname.slice('/lrs'.length)}`, {
        method: request.method(),
        headers: { ...lrs.headers, 'content-type': 'application/json' },
        body: request.postData(),
      });
      await route.fulfill({ status: response.status, contentType: 'application/json', body: await response.text() });
    });
    const frame = page.frameLocator('#lab-frame-001');
    await frame.getByLabel('Restricción de unicidad sobre el id').selectOption('on');
    await page.locator('#statements li', { hasText: 'guardada' }).waitFor();
    const stored = await fetch(`${lrs.url}/xAPI/statements`, { headers: lrs.headers }).then((r) => r.json());
    assert.equal(stored.statements.length, 1);
    const [statement] = stored.statements;
    assert.equal(statement.actor.mbox, 'mailto:ana@example.org', "the course's learner");
    assert.equal(statement.verb.id, 'http://adlnet.gov/expapi/verbs/completed');
    assert.match(statement.object.id, /\/lesson-001\/#dedup\/dedup-unique$/);
    assert.equal(statement.result.completion, true);
    assert.deepEqual(validateStatement(statement), [], 'valid (npm xapi-validation)');
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    lrs.stop();
  }
});
