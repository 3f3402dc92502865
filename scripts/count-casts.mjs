// Counts type assertions (`x as T`, `<T>x`, but not `as const`) and non-null
// assertions (`x!`) in the shipped source of each package, so the figure can be
// watched as casts give way to types written at their source.
// Usage: node scripts/count-casts.mjs [--files N]
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from 'typescript/unstable/sync';
import { SyntaxKind } from 'typescript/unstable/ast';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const packages = ['contract', 'server', 'web'];
const topFilesArg = process.argv.indexOf('--files');
const topFiles = topFilesArg > 0 ? Number(process.argv[topFilesArg + 1]) : 15;

/** Tests and the kits and helpers only tests use are not shipped code. */
function isShipped(path) {
  if (!/\.tsx?$/.test(path) || path.endsWith('.d.ts')) return false;
  if (/\.test\.tsx?$/.test(path) || /TestKit\.tsx?$/.test(path)) return false;
  return !path.split('/').includes('test');
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => isShipped(relative(root, path)));
}

function isAsConst(node) {
  const type = node.type;
  return type?.kind === SyntaxKind.TypeReference && type.typeName?.kind === SyntaxKind.Identifier && type.typeName.text === 'const';
}

function countIn(sourceFile) {
  const counts = { as: 0, nonNull: 0 };
  const visit = (node) => {
    if (node.kind === SyntaxKind.AsExpression || node.kind === SyntaxKind.TypeAssertionExpression) {
      if (!isAsConst(node)) counts.as += 1;
    } else if (node.kind === SyntaxKind.NonNullExpression) {
      counts.nonNull += 1;
    }
    node.forEachChild(visit);
  };
  sourceFile.forEachChild(visit);
  return counts;
}

const api = new API({ cwd: root });
const perFile = [];
const perPackage = [];
try {
  for (const name of packages) {
    const config = join(root, 'packages', name, 'tsconfig.json');
    const snapshot = api.updateSnapshot({ openProjects: [config] });
    const project = snapshot.getProject(config);
    if (!project) throw new Error(`No TypeScript project for ${config}`);
    const total = { name, as: 0, nonNull: 0 };
    for (const path of sourceFiles(join(root, 'packages', name, 'src'))) {
      const sourceFile = project.program.getSourceFile(path);
      if (!sourceFile) throw new Error(`${relative(root, path)} is not in ${name}'s tsconfig`);
      const counts = countIn(sourceFile);
      total.as += counts.as;
      total.nonNull += counts.nonNull;
      if (counts.as + counts.nonNull > 0) perFile.push({ path: relative(root, path), ...counts });
    }
    perPackage.push(total);
  }
} finally {
  api.close();
}

const pad = (value, width) => String(value).padStart(width);
console.log(`${'package'.padEnd(12)}${pad('as', 6)}${pad('!', 6)}`);
for (const row of perPackage) console.log(`${row.name.padEnd(12)}${pad(row.as, 6)}${pad(row.nonNull, 6)}`);
const sum = (key) => perPackage.reduce((total, row) => total + row[key], 0);
console.log(`${'total'.padEnd(12)}${pad(sum('as'), 6)}${pad(sum('nonNull'), 6)}`);
console.log(`\nTop ${topFiles} files (as + !):`);
perFile
  .sort((a, b) => b.as + b.nonNull - (a.as + a.nonNull) || a.path.localeCompare(b.path))
  .slice(0, topFiles)
  .forEach((row) => console.log(`${pad(row.as, 4)}${pad(row.nonNull, 4)}  ${row.path}`));
