// The projector view (issue 38): `view=projector` and the header's switch
// give larger text, thick lines and strong bands, in light and dark, at
// 1,280 and 360 px, axe clean; `prefers-contrast: more` gets the strong
// palette at the usual size; forced colours keep the bands visible.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { serve, launch } from './harness.mjs';

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

/** A page in a context with these media features; its errors collected. */
async function page(url, options) {
  const context = await browser.newContext({ bypassCSP: true, ...options });
  const opened = await context.newPage();
  const errors = [];
  opened.on('pageerror', (error) => errors.push(String(error)));
  await opened.goto(url);
  await opened.locator('.experiment').waitFor();
  return { page: opened, errors, close: () => context.close() };
}

const look = (p) =>
  p.evaluate(() => {
    const lab = document.querySelector('.experiment').closest('.lab');
    const style = getComputedStyle(lab);
    return {
      root: getComputedStyle(document.documentElement).fontSize,
      band: style.getPropertyValue('--band').trim(),
      ink: style.getPropertyValue('--ink').trim(),
      paper: style.getPropertyValue('--paper').trim(),
    };
  });

async function axeClean(p, what) {
  await p.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await p.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ['violations'] })).violations
      .filter((v) => ['serious', 'critical'].includes(v.impact))
      .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`),
  );
  assert.deepEqual(violations, [], what);
}

test('view=projector: larger, stronger, in light and dark, at 1,280 and 360 px; axe clean', async () => {
  for (const colorScheme of ['light', 'dark']) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 780 },
    ]) {
      const what = `${colorScheme} ${viewport.width}`;
      const plain = await page(`${server.base}lesson-004/?exp=visibility&lang=es`, { colorScheme, viewport });
      const projected = await page(`${server.base}lesson-004/?exp=visibility&lang=es&view=projector`, { colorScheme, viewport });
      const [before, after] = [await look(plain.page), await look(projected.page)];
      assert.equal(before.root, '16px', what);
      assert.equal(after.root, '20px', `${what}: the page scales from its root`);
      assert.notEqual(after.band, before.band, `${what}: a stronger band`);
      assert.equal(after.paper, before.paper, `${what}: the same theme`);
      assert.equal(after.ink, colorScheme === 'dark' ? '#fff' : '#000', `${what}: the strongest ink`);
      assert.equal(await projected.page.getByRole('button', { name: 'Proyector' }).getAttribute('aria-pressed'), 'true');
      assert.ok(await projected.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1), `${what}: no sideways scroll`);
      await axeClean(projected.page, `projector ${what}`);
      assert.deepEqual([...plain.errors, ...projected.errors], []);
      await plain.close();
      await projected.close();
    }
  }
});

test('the header switch turns the projector view on and off, and the page link keeps it', async () => {
  const { page: p, errors, close } = await page(`${server.base}?lang=en`, { viewport: { width: 1280, height: 900 } });
  const toggle = p.getByRole('button', { name: 'Projector' });
  await toggle.click();
  await p.waitForFunction(() => location.search.includes('view=projector'));
  assert.equal((await look(p)).root, '20px');
  await toggle.click();
  await p.waitForFunction(() => !location.search.includes('view=projector'));
  assert.equal((await look(p)).root, '16px');
  assert.deepEqual(errors, []);
  await close();
});

test('a system that asks for more contrast gets the strong palette at the usual size; forced colours keep the marks', async () => {
  const normal = await page(`${server.base}lesson-004/?exp=visibility&lang=en`, {});
  const more = await page(`${server.base}lesson-004/?exp=visibility&lang=en`, { contrast: 'more' });
  const [a, b] = [await look(normal.page), await look(more.page)];
  assert.equal(b.root, '16px');
  assert.notEqual(b.band, a.band);
  await axeClean(more.page, 'contrast more');
  await normal.close();
  await more.close();
  const forced = await page(`${server.base}lesson-004/?exp=visibility&lang=en`, { forcedColors: 'active' });
  const band = await forced.page.evaluate(() => {
    const mark = document.querySelector('.hidden-band');
    return mark ? getComputedStyle(mark).fill : 'none';
  });
  assert.notEqual(band, 'none', 'the hidden band is drawn in a system colour');
  assert.deepEqual(forced.errors, []);
  await forced.close();
});
