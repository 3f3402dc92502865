#!/usr/bin/env node
/**
 * The server's features keep to their faces: a file of one feature imports another feature only
 * through that feature's index.ts (`../bookings`, never `../bookings/folio`), no two features
 * import each other and no ring of them does (imports run one way), and no feature imports mail: features record what
 * happened (src/events) and mail makes the letters from the events (docs/decisions/103). Part of `npm run lint`; exits 1 naming each import that
 * breaks a rule. oxlint's import/no-cycle sees files, not features, so this is ours.
 *
 *   node scripts/lint-features.mjs [featuresDir]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = resolve(process.argv[2] ?? join(root, 'packages', 'server', 'src', 'features'));

/** Every module specifier of a file: static imports and re-exports, side-effect imports, dynamic imports. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

const featureOf = (path) => relative(featuresDir, path).split(sep)[0];

const problems = [];
/** feature → features it imports, with one place each does it. */
const uses = new Map();
for (const file of sourceFiles(featuresDir)) {
  const from = featureOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1];
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    const inside = relative(featuresDir, target);
    if (inside.startsWith('..') || inside === '') continue;
    const [to, ...rest] = inside.split(sep);
    if (to === from) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${relative(root, file)}:${line}`;
    if (rest.length > 0 && !(rest.length === 1 && /^index(\.(ts|js))?$/.test(rest[0]))) {
      problems.push(
        `${where}: imports ${specifier}; another feature is imported through its face only: '${relative(dirname(file), join(featuresDir, to)).split(sep).join('/')}' (its index.ts)`,
      );
    }
    if (to === 'mail') {
      problems.push(
        `${where}: imports ${specifier}; a feature records what happened (src/events) and mail makes the letters from the events, so no feature imports mail`,
      );
    }
    if (!uses.has(from)) uses.set(from, new Map());
    if (!uses.get(from).has(to)) uses.get(from).set(to, where);
  }
}

for (const [a, targets] of uses) {
  for (const [b, where] of targets) {
    const back = uses.get(b)?.get(a);
    if (back && a < b) problems.push(`features ${a} and ${b} import each other (${where} and ${back}); imports between features run one way`);
  }
}

// Longer rings (a imports b, b imports c, c imports a) run round as surely as a pair: each group of
// features that reach one another (a strongly connected component, Tarjan's walk) is named once.
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function visit(feature) {
  order.set(feature, counter);
  low.set(feature, counter);
  counter += 1;
  stack.push(feature);
  onStack.add(feature);
  for (const next of uses.get(feature)?.keys() ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(feature, Math.min(low.get(feature), low.get(next)));
    } else if (onStack.has(next)) low.set(feature, Math.min(low.get(feature), order.get(next)));
  }
  if (low.get(feature) !== order.get(feature)) return;
  const ring = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    ring.push(member);
  } while (member !== feature);
  if (ring.length > 2) {
    const steps = ring.sort().flatMap((a) => [...uses.get(a)].filter(([b]) => ring.includes(b)).map(([b, where]) => `${a} -> ${b} (${where})`));
    problems.push(`features ${ring.join(', ')} import one another round a ring: ${steps.join('; ')}; imports between features run one way`);
  }
}
for (const feature of uses.keys()) if (!order.has(feature)) visit(feature);

if (problems.length > 0) {
  console.error(`Features must keep to their faces (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Features keep to their faces: ${uses.size} features, every import between them through an index.ts and one way.`);
