// "Embed this" as a course author uses it: from the lab's own page to the
// builder, options ticked, each snippet pasted into a blank page of the
// author's and operated there. By accessible names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { serve, launch, open } from './harness.mjs';

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

/** From the lab to the builder: the snippets for dedup, `unique` locked, no tasks. */
async function snippets(page) {
  await page.getByRole('link', { name: 'Embed this experiment in a course ↗' }).click();
  await page.getByRole('heading', { name: 'Embed an experiment' }).waitFor();
  await page.getByRole('checkbox', { name: 'Unique constraint on the id' }).check();
  await page.getByRole('checkbox', { name: 'Without guided tasks' }).check();
  // The preview is the compact lab with those options.
  const preview = page.frameLocator('iframe.preview');
  await preview.locator('.experiment').waitFor();
  assert.equal(await preview.getByLabel('Unique constraint on the id').isDisabled(), true, 'locked in the preview');
  // The preview takes its lab's height (nothing cut under the figure), as a pasted frame does.
  await page.waitForFunction(() => {
    const frame = document.getElementById('preview');
    const lab = frame.contentDocument?.documentElement.scrollHeight ?? 0;
    return lab > 0 && Math.abs(frame.getBoundingClientRect().height - lab) <= 2 && frame.getBoundingClientRect().height !== 720;
  });
  return {
    iframe: await page.getByRole('textbox', { name: 'With an iframe' }).inputValue(),
    script: await page.getByRole('textbox', { name: 'With a script in your page' }).inputValue(),
  };
}

test("the builder's iframe snippet, pasted into a blank page, opens the same lab, locked as ticked, and works", async () => {
  const { page, errors, context } = await open(browser, server.base + 'lesson-001/?exp=dedup&lang=en&unique=on&tx_crash=0.1');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.base).origin });
  await page.locator('.experiment').waitFor();
  const { iframe } = await snippets(page);
  // The copy button puts exactly the snippet on the clipboard, and says so.
  await page.getByRole('button', { name: 'Copy: With an iframe' }).click();
  await page.getByText('Copied.').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), iframe);
  assert.match(iframe, /sandbox="allow-scripts allow-same-origin"/);
  assert.match(iframe, /only=dedup/);
  assert.match(iframe, /lock=unique/);
  assert.match(iframe, /tasks=off/);
  assert.match(iframe, /embed=1/);
  assert.match(iframe, /tx_crash=0.1\b/, 'the lab as the author left it');
  assert.match(iframe, /title="Experiment: /, "the title in the page's language");
  assert.match(iframe, /<iframe id="retry-lab-dedup-[0-9a-f]{8}" data-retry-lab-frame /, 'its own id; sized by retry-lab-frame.js');
  assert.match(iframe, /<script src="http:\/\/127\.0\.0\.1:\d+\/retry-lab-frame\.js"><\/script>$/, 'the sizing script, no inline one');
  assert.match(iframe, /theme=auto/, 'the theme, written');
  assert.doesNotMatch(iframe, /[?&](crash|rng|jobs|failure|events)=/, "only the experiment's own parameters");

  const course = await browser.newPage();
  const courseErrors = [];
  course.on('pageerror', (e) => courseErrors.push(String(e)));
  await course.setContent(`<!doctype html><html lang="en"><title>A course</title><body><h1>Lesson</h1>${iframe}</body></html>`);
  const lab = course.frameLocator('iframe');
  await lab.locator('.experiment').waitFor();
  assert.equal(await lab.locator('nav.tabs').count(), 0, 'this experiment only');
  assert.equal(await lab.getByRole('region', { name: 'Try this' }).count(), 0, 'no guided tasks');
  assert.equal(await lab.getByLabel('Unique constraint on the id').isDisabled(), true);
  assert.equal(await lab.getByLabel('Unique constraint on the id').inputValue(), 'on');
  // It works: a higher crash probability changes the record-first row's losses.
  const lost = lab.locator('[data-placement=record_then_effect] td:nth-child(5)');
  const before = (await lost.textContent()).trim();
  const crash = lab.getByLabel('Crash probability');
  await crash.focus();
  for (let i = 0; i < 5; i++) await crash.press('ArrowRight');
  // (The table waits hidden until the learner answers the figure's question: attached is enough.)
  await lost.filter({ hasNotText: new RegExp(`^${before}$`) }).waitFor({ state: 'attached' });
  assert.deepEqual(courseErrors, []);
  await course.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("the builder's script snippet mounts the same lab in an author's page", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-001/?exp=dedup&lang=en&unique=on');
  await page.locator('.experiment').waitFor();
  const { script } = await snippets(page);
  assert.match(script, /data-experiment="dedup"/);
  assert.match(script, /data-lock="unique"/);
  assert.match(script, /src="http:\/\/127\.0\.0\.1:\d+\/embed\.js"/);
  // An author's page on the lab's host (a module script from another origin would need CORS).
  const course = await browser.newPage();
  await course.route(server.base + 'author.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>A course</title><body><h1>Lesson</h1>${script}</body></html>`,
    }),
  );
  await course.goto(server.base + 'author.html');
  await course.locator('[data-retry-lab] .experiment').waitFor();
  assert.equal(await course.getByLabel('Unique constraint on the id').isDisabled(), true);
  assert.equal(await course.getByRole('region', { name: 'Try this' }).count(), 0);
  assert.equal(await course.getByRole('link', { name: /Embed this experiment/ }).count(), 0, 'no builder link inside an embed');
  await course.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("the builder speaks the page's language, fits a phone with finger-sized targets, and keeps the scenario's name", async () => {
  const { page, errors } = await open(browser, server.base + 'lesson-004/?v=3&preset=exercise-5&exp=visibility&lang=es', {
    viewport: { width: 360, height: 780 },
  });
  await page.getByRole('link', { name: /Insertar este experimento/ }).click();
  await page.getByRole('heading', { name: 'Insertar un experimento' }).waitFor();
  await page.locator('#locks label').first().waitFor();
  const labels = await page.locator('#locks label').allInnerTexts();
  assert.ok(labels.length > 3 && labels.every((l) => !/^[a-z_]+$/.test(l.trim())), `on-screen words, not codes: ${labels}`);
  assert.ok(
    labels.some((l) => l.includes('Semilla')),
    labels.join(' | '),
  );
  await page.getByText('El estudiante verá «Visibility timeout y DLQ», escenario «', { exact: false }).waitFor();
  await page.getByText('solo funciona en este ordenador', { exact: false }).waitFor();
  // Locks named in the line; no tasks: their list hides.
  await page.getByRole('checkbox', { name: 'Semilla' }).check();
  await page.getByText('fijos: Semilla', { exact: false }).waitFor();
  await page.getByRole('checkbox', { name: 'Sin tareas guiadas' }).check();
  assert.equal(await page.locator('#tasks-fieldset').isHidden(), true);
  await page.locator('#learner-sees', { hasText: 'sin tareas guiadas' }).waitFor();
  await page.getByRole('checkbox', { name: 'Sin tareas guiadas' }).uncheck();
  await page.getByRole('checkbox', { name: 'Semilla' }).uncheck();
  // The whole page: its tabs keep their own tasks, and the frame is the lesson's lab.
  await page.getByRole('checkbox', { name: 'Solo este experimento (sin pestañas)' }).uncheck();
  assert.equal(await page.locator('#tasks-fieldset').isHidden(), true);
  const whole = await page.getByRole('textbox', { name: 'Con un iframe' }).inputValue();
  assert.match(whole, /title="Laboratorio de la lección"/);
  assert.doesNotMatch(whole, /[?&](only|tasks)=/);
  await page.getByRole('checkbox', { name: 'Solo este experimento (sin pestañas)' }).check();
  const iframe = await page.getByRole('textbox', { name: 'Con un iframe' }).inputValue();
  assert.match(iframe, /title="Experimento: Visibility timeout y DLQ"/);
  assert.match(iframe, /preset=exercise-5/);
  const preview = page.frameLocator('iframe.preview');
  await preview.locator('.experiment').waitFor();
  const scenario = await preview.locator('.share select option:checked').textContent();
  assert.notEqual(scenario, 'personalizado', "the preview keeps the scenario's name");
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the builder fits 360 px');
  for (const box of await page.locator('#builder-options label').evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect().height))) {
    assert.ok(box >= 44, `a checkbox's target is ${box} px tall`);
  }
  assert.equal(
    await page.evaluate(
      () => getComputedStyle(document.body).fontFamily.includes('serif') && !getComputedStyle(document.body).fontFamily.includes('sans'),
    ),
    false,
  );
  await page.goto(server.base + 'export.html?v=3&preset=exercise-5&exp=visibility&lang=es&at=120&dir=lesson-004/&scenario=Ejercicio%205');
  await page.locator('#export-tables table').first().waitFor();
  const meta = await page.locator('#export-meta').innerText();
  assert.ok(
    meta.includes('Visibility timeout y DLQ (visibility)') && meta.includes('Ejercicio 5') && meta.includes('120 s de simulación'),
    meta,
  );
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the export page fits 360 px');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the builder and the export page: axe finds nothing serious, in both languages and themes', async () => {
  const axe = require.resolve('axe-core/axe.min.js');
  for (const lang of ['es', 'en']) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ bypassCSP: true, colorScheme });
      const page = await context.newPage();
      const check = async (what) => {
        await page.addScriptTag({ path: axe });
        const violations = await page.evaluate(async () =>
          (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`),
        );
        assert.deepEqual(violations, [], `${what} ${lang} ${colorScheme}`);
      };
      await page.goto(server.base + `embed-builder.html?v=2&exp=storm&lang=${lang}&dir=lesson-003/`);
      await page.frameLocator('iframe.preview').locator('.experiment').waitFor();
      await check('builder');
      await page.goto(server.base + `export.html?v=2&exp=storm&lang=${lang}&dir=lesson-003/`);
      await page.locator('#export-tables table').first().waitFor();
      await check('export');
      await context.close();
    }
  }
  // A hostile directory is not followed: the preview stays on the lab's own pages.
  const page = await browser.newPage();
  await page.goto(server.base + 'embed-builder.html?exp=storm&dir=https://evil.example/&lang=en');
  assert.ok((await page.locator('iframe.preview').getAttribute('src')).startsWith(server.base + '?'), 'the root page');
  await page.close();
});
