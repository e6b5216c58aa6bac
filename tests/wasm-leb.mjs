// One unsigned LEB128 number of a wasm module, the format's lengths and
// counts: [its value, where the next byte is]. Read by the build's
// short-imports.mjs and by the size test.
export function readLeb(buf, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = buf[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}
