/**
 * Imports run one way, and `npm run lint` says so: the web app never reaches into the server; the
 * web's ground (lib/, components/, session/) never imports a feature; the server's http/ never
 * imports a feature; no module imports itself round a cycle. Each probe below breaks one rule in a
 * file of its own, placed where the rule applies, and oxlint (with the project's config) must fail.
 * The server's features keep to their faces (scripts/lint-features.mjs, also in `npm run lint`): a
 * feature imports another only through its index.ts, and no two features (nor a ring of them) import each other.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const tag = randomBytes(4).toString('hex');
const written: string[] = [];

function probe(path: string, source: string): string {
  const file = join(root, path.replace('PROBE', `zzImportProbe${tag}`));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  written.push(file);
  return file;
}

function lint(...files: string[]): { status: number | null; output: string } {
  const result = spawnSync(join(root, 'node_modules', '.bin', 'oxlint'), ['--deny-warnings', '-c', join(root, '.oxlintrc.json'), ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

function lintFeatures(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'lint-features.mjs')], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** Removes a probe at once: lint-features reads the whole features folder, so a probe left would fail the next. */
function remove(path: string): void {
  rmSync(path, { force: true, recursive: true });
}

afterAll(() => {
  for (const file of written) rmSync(file, { force: true, recursive: true });
});

describe('import direction, enforced by lint', () => {
  it('refuses the web app importing the server', () => {
    const file = probe('packages/web/src/features/bookings/PROBE.ts', "import { buildApp } from '@rental/server/src/app';\nexport const probe = buildApp;\n");
    const { status, output } = lint(file);
    expect(status).not.toBe(0);
    expect(output).toContain('never the server');
  });

  it("refuses the web's lib/, components/ and session/ importing a feature", () => {
    for (const folder of ['lib', 'components', 'session']) {
      const file = probe(
        `packages/web/src/${folder}/PROBE.ts`,
        "import { rangeLabel } from '../features/bookings/dateSelection';\nexport const probe = rangeLabel;\n",
      );
      const { status, output } = lint(file);
      expect(status, folder).not.toBe(0);
      expect(output, folder).toContain('must not import a feature');
    }
  });

  it("refuses the server's http/ importing a feature", () => {
    const file = probe(
      'packages/server/src/http/PROBE.ts',
      "import { createBooking } from '../features/bookings/service';\nexport const probe = createBooking;\n",
    );
    const { status, output } = lint(file);
    expect(status).not.toBe(0);
    expect(output).toContain('never the other way round');
  });

  it('refuses an import cycle', () => {
    const a = probe('packages/server/src/features/PROBEa/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    const b = probe('packages/server/src/features/PROBEa/b.ts', "import { a } from './a';\nexport const b = () => a;\n");
    written.push(dirname(a));
    const { status, output } = lint(a, b);
    expect(status).not.toBe(0);
    expect(output).toContain('no-cycle');
  });

  it("refuses a feature importing another feature's file, not its face", () => {
    const file = probe('packages/server/src/features/counter/PROBE.ts', "import { readFolio } from '../bookings/folio';\nexport const probe = readFolio;\n");
    try {
      const { status, output } = lintFeatures();
      expect(status, output).toBe(1);
      expect(output).toContain(`zzImportProbe${tag}.ts:1: imports ../bookings/folio`);
      expect(output).toContain("'../bookings' (its index.ts)");
    } finally {
      remove(file);
    }
  });

  it('refuses two features importing each other', () => {
    const x = probe('packages/server/src/features/PROBEx/index.ts', `import { y } from '../zzImportProbe${tag}y';\nexport const x = () => y;\n`);
    const y = probe('packages/server/src/features/PROBEy/index.ts', `import { x } from '../zzImportProbe${tag}x';\nexport const y = () => x;\n`);
    try {
      const { status, output } = lintFeatures();
      expect(status, output).toBe(1);
      expect(output).toContain(`features zzImportProbe${tag}x and zzImportProbe${tag}y import each other`);
    } finally {
      remove(dirname(x));
      remove(dirname(y));
    }
  });

  it('refuses three features importing one another round a ring', () => {
    const ring = ['p', 'q', 'r'].map((name, i, all) =>
      probe(
        `packages/server/src/features/PROBE${name}/index.ts`,
        `import { ${all[(i + 1) % 3]} } from '../zzImportProbe${tag}${all[(i + 1) % 3]}';\nexport const ${name} = () => ${all[(i + 1) % 3]};\n`,
      ),
    );
    try {
      const { status, output } = lintFeatures();
      expect(status, output).toBe(1);
      expect(output).toContain(`features zzImportProbe${tag}p, zzImportProbe${tag}q, zzImportProbe${tag}r import one another round a ring`);
    } finally {
      for (const file of ring) remove(dirname(file));
    }
  });

  it('refuses a feature importing mail: letters are made from events', () => {
    const file = probe('packages/server/src/features/counter/PROBE.ts', "import { enqueue } from '../mail';\nexport const probe = enqueue;\n");
    try {
      const { status, output } = lintFeatures();
      expect(status, output).toBe(1);
      expect(output).toContain(`zzImportProbe${tag}.ts:1: imports ../mail; a feature records what happened`);
    } finally {
      remove(file);
    }
  });

  it('finds the features keeping to their faces today', () => {
    const { status, output } = lintFeatures();
    expect(status, output).toBe(0);
  });

  it('lets a feature import the ground it stands on', () => {
    const file = probe('packages/web/src/features/bookings/PROBE.ts', "import { queryKeys } from '../../lib/queryKeys';\nexport const probe = queryKeys;\n");
    const { status, output } = lint(file);
    expect(status, output).toBe(0);
  });
});
