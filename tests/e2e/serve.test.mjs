// The README's serve command serves what Trunk.toml configures: this checks
// that page (Trunk may inject scripts of its own there) loads with no console
// error, CSP violations included. ./lab test starts `trunk serve` and passes
// its URL in LAB_SERVE_URL; run alone without it, the test is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './harness.mjs';

const url = process.env.LAB_SERVE_URL;

test('the lab served by trunk serve loads with no console error', { skip: !url && 'LAB_SERVE_URL not set' }, async () => {
  const deadline = Date.now() + 180_000;
  while (true) {
    // Up when the page and its module are both served (the build is done).
    try {
      const [html, wasm] = await Promise.all([fetch(url), fetch(url + 'retry-lab-web_bg.wasm')]);
      if (html.ok && wasm.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) assert.fail(`${url} did not answer within 180 s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const browser = await launch();
  const { page, errors } = await open(browser, url + '?lang=en');
  await page.locator('button.play').waitFor();
  await page.getByRole('button', { name: /Step/ }).click();
  assert.deepEqual(errors, []);
  await page.close();
  await browser.close();
});
