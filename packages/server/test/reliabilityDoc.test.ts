/**
 * docs/reliability.md pairs each promise with the test that holds it. A renamed file or test would
 * leave a promise pointing at nothing, so the document is read here: every test file it names
 * exists, and every test name it quotes (in italics after the file) is in that file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_TESTS } from '../vitest.config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const doc = readFileSync(join(root, 'docs', 'reliability.md'), 'utf8');

/** `file.test.ts` › *name*; *name*: the file as written, and the names quoted after it in the same cell. */
function references(): { file: string; names: string[] }[] {
  const found: { file: string; names: string[] }[] = [];
  for (const cell of doc.split('|')) {
    for (const part of cell.split(/(?=`[^`]+\.test\.tsx?`)/)) {
      const file = /^`([^`]+\.test\.tsx?)`/.exec(part)?.[1];
      if (!file) continue;
      const names = [...part.matchAll(/\*([^*]+)\*/g)].map((m) => m[1]!);
      found.push({ file, names });
    }
  }
  return found;
}

function pathOf(file: string): string {
  return file.startsWith('packages/') ? join(root, file) : join(root, 'packages', 'server', 'test', file);
}

/** A quoted name may be cut short with "…" or stand for a family ("one test per route"): its words up to the cut. */
function fragments(name: string): string[] {
  return name
    .split('…')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

describe('docs/reliability.md', () => {
  const refs = references();

  it('names test files at all (the reader below still understands the document)', () => {
    expect(refs.length).toBeGreaterThan(20);
  });

  it('names only test files that exist', () => {
    const missing = [...new Set(refs.map((r) => r.file))].filter((file) => !existsSync(pathOf(file)));
    expect(missing).toEqual([]);
  });

  it('quotes only test names that are in the file it names', () => {
    const absent: string[] = [];
    for (const { file, names } of refs) {
      if (!existsSync(pathOf(file))) continue;
      const source = readFileSync(pathOf(file), 'utf8').replace(/\\'/g, "'");
      for (const name of names) {
        if (!fragments(name).every((fragment) => source.includes(fragment))) absent.push(`${file} › ${name}`);
      }
    }
    expect(absent).toEqual([]);
  });

  it('gives commands that run the files they say (a slow file is run with the slow config)', () => {
    const commands = [...doc.matchAll(/npx vitest run (.*?)(test\/[\w.]+\.test\.ts)/g)];
    expect(commands.length).toBeGreaterThan(0);
    for (const [, options, file] of commands) {
      const slow = SLOW_TESTS.some((pattern) =>
        new RegExp(
          `^${pattern
            .replace(/\./g, '\\.')
            .replace(/\*\*\//g, '(.*/)?')
            .replace(/\*/g, '[^/]*')}$`,
        ).test(file!),
      );
      if (slow) expect(options, file).toContain('vitest.slow.config.ts');
      else expect(options, file).toContain('--project server');
    }
  });
});
