import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST } from './harness.mjs';
import { GZIP_BUDGET_BYTES } from './budget.mjs';

test('everything in dist/ fits the gzip budget', async () => {
  const files = (await readdir(DIST, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  assert.ok(files.some((f) => f.name.endsWith('.wasm')), 'dist/ holds the wasm module (run trunk build --release first)');
  let total = 0;
  const rows = [];
  for (const f of files) {
    const path = join(f.parentPath ?? f.path, f.name);
    const raw = await readFile(path);
    const gz = gzipSync(raw, { level: 9 }).length;
    total += gz;
    rows.push(`${path.slice(DIST.length + 1)}: ${raw.length} B raw, ${gz} B gzip`);
  }
  console.log(rows.join('\n') + `\ntotal gzip: ${total} B of ${GZIP_BUDGET_BYTES} B budget`);
  assert.ok(total <= GZIP_BUDGET_BYTES, `dist/ is ${total} B gzipped, over the ${GZIP_BUDGET_BYTES} B budget`);
});
