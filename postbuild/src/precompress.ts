import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { contentTypeOf, isCompressible } from '@trust/access-policy/content-types';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 512;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of a build, keeping only those that are
 * smaller than the original. Returns how many files were compressed.
 */
export async function precompressDirectory(root: string): Promise<number> {
  let count = 0;
  const pending: Array<Promise<void>> = [];
  for await (const file of walk(root)) {
    if (file.endsWith('.br') || file.endsWith('.gz') || !isCompressible(contentTypeOf(file))) continue;
    pending.push(
      (async () => {
        const body = await readFile(file);
        if (body.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gzipAsync(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        count += 1;
      })(),
    );
  }
  await Promise.all(pending);
  return count;
}
