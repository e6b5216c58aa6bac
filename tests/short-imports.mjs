// Trunk's post-build hook (Trunk.toml), before terser: wasm-bindgen names
// each import `__wbg_<name>_<16 hex digits>`, in the module and again in its
// glue. The hex does not compress: about 190 imports cost a page ~3 KB gzip.
// This gives each import a short name (a, b, … Z, aa, …) in both files, the
// same map for both, so they still meet. Usage: node short-imports.mjs DIR
// [STEM] (DIR holds STEM_bg.wasm and STEM.js; STEM: retry-lab-web, the
// page's; `lab` passes retry-lab-export for the export modules).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLeb } from './wasm-leb.mjs';

const [dir, stem = 'retry-lab-web'] = process.argv.slice(2);
const wasmPath = join(dir, `${stem}_bg.wasm`);
const jsPath = join(dir, `${stem}.js`);
const wasm = readFileSync(wasmPath);
let js = readFileSync(jsPath, 'utf8');

const leb = (n) => {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
};
const name = (text) => Buffer.concat([leb(Buffer.byteLength(text)), Buffer.from(text)]);
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const short = (i) => (i < LETTERS.length ? LETTERS[i] : short(Math.floor(i / LETTERS.length) - 1) + LETTERS[i % LETTERS.length]);

// An import's description (after its kind byte) ends where the next entry starts.
const skipDescription = (buf, at, kind) => {
  const limits = (p) => {
    const [flags, a] = readLeb(buf, p);
    let [, b] = readLeb(buf, a);
    if (flags & 1) [, b] = readLeb(buf, b);
    return b;
  };
  if (kind === 0) return readLeb(buf, at)[1];
  if (kind === 1) return limits(at + 1);
  if (kind === 2) return limits(at);
  if (kind === 3) return at + 2;
  if (kind === 4) return readLeb(buf, at + 1)[1];
  throw new Error(`unknown import kind ${kind}`);
};

const renamed = new Map();
const sections = [];
let at = 8;
while (at < wasm.length) {
  const id = wasm[at];
  const [length, start] = readLeb(wasm, at + 1);
  const end = start + length;
  if (id !== 2) {
    sections.push(wasm.subarray(at, end));
    at = end;
    continue;
  }
  let [count, p] = readLeb(wasm, start);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const [moduleLength, m] = readLeb(wasm, p);
    const module = wasm.toString('utf8', m, m + moduleLength);
    const [fieldLength, f] = readLeb(wasm, m + moduleLength);
    const field = wasm.toString('utf8', f, f + fieldLength);
    const kindAt = f + fieldLength;
    const next = skipDescription(wasm, kindAt + 1, wasm[kindAt]);
    // Only the glue's imports whose name is wasm-bindgen's (and unique).
    const ours = module.endsWith('_bg.js') && field.startsWith('__wbg');
    if (ours && !renamed.has(field)) renamed.set(field, short(renamed.size));
    const shown = ours ? renamed.get(field) : field;
    entries.push(Buffer.concat([name(module), name(shown), wasm.subarray(kindAt, next)]));
    p = next;
  }
  const body = Buffer.concat([leb(count), ...entries]);
  sections.push(Buffer.concat([Buffer.from([2]), leb(body.length), body]));
  at = end;
}

for (const [from, to] of renamed) {
  const pattern = new RegExp(`(?<![\\w$])${from}(?![\\w$])`, 'g');
  const before = js;
  js = js.replace(pattern, to);
  if (js === before) throw new Error(`${from} is not in the glue: the glue and the module no longer meet`);
}
writeFileSync(wasmPath, Buffer.concat([wasm.subarray(0, 8), ...sections]));
writeFileSync(jsPath, js);
console.log(`short-imports: ${renamed.size} imports renamed in ${dir}`);
