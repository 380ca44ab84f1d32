// Writes brotli and gzip copies of the built text assets once, at the highest levels, so the server sends
// them without compressing on every request (@fastify/static's preCompressed option picks them up).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files (brotli and gzip)`);
