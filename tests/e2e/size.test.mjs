// Every page a learner opens loads at most the budget, gzip -9 of everything
// it fetches (page, module, glue, styles, icon): measured by opening each
// lesson page in Chromium and recording its responses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { serve, launch, open } from './harness.mjs';
import { GZIP_BUDGET_BYTES, ENTRIES } from './budget.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

for (const entry of ENTRIES) {
  test(`the page ${entry || '(root)'} loads within the gzip budget`, async () => {
    const { page, errors, context } = await open(browser, 'about:blank');
    const fetched = new Map();
    page.on('response', async (r) => {
      if (r.url().startsWith(server.origin)) fetched.set(r.url(), r.body().then((b) => gzipSync(b, { level: 9 }).length));
    });
    await page.goto(server.base + entry);
    await page.locator('.experiment').waitFor();
    await page.waitForLoadState('networkidle');
    let total = 0;
    const rows = [];
    for (const [url, size] of fetched) {
      const gz = await size;
      total += gz;
      rows.push(`${url.slice(server.base.length) || '(page)'}: ${gz} B gzip`);
    }
    console.log(rows.join('\n') + `\n${entry || '(root)'} total gzip: ${total} B of ${GZIP_BUDGET_BYTES} B budget`);
    assert.ok(rows.some((r) => r.includes('.wasm')), 'the page fetched its module');
    assert.ok(total <= GZIP_BUDGET_BYTES, `${entry || '(root)'} loads ${total} B gzipped, over the ${GZIP_BUDGET_BYTES} B budget`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
