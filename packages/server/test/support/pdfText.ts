/** A PDF's text as a reader would copy it (poppler's pdftotext), spaces squeezed. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'file.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/[ \t]+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
