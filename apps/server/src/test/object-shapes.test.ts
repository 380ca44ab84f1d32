import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('V8 hidden classes after the portal is built', () => {
  // Compiling the routes' schemas must not use up the transitions of V8's root object map: past its limit, every
  // request's headers object got a hidden class of its own (see http/serializer-compiler.ts).
  it('objects built from {} with the same new key still share one hidden class', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', path.join(import.meta.dirname, 'object-shapes.probe.ts')],
      { cwd: path.resolve(import.meta.dirname, '../../../..'), timeout: 120_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ shared: true });
  }, 130_000);
});
