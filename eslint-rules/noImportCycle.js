// An ESLint rule that refuses import cycles between the project's own files, type-only imports
// included: eslint-plugin-import's `no-cycle` skips those, yet a cycle of types still ties two
// modules' designs together and turns into a runtime cycle the day one side needs a value.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every module specifier of a file: static imports and re-exports (types too), and `import()`. */
const SPECIFIER =
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const CANDIDATES = (base) => [
  base,
  base.replace(/\.(m?)js$/, '.$1ts'),
  base.replace(/\.js$/, '.tsx'),
  `${base}.ts`,
  `${base}.tsx`,
  path.join(base, 'index.ts'),
  path.join(base, 'index.tsx'),
];

const isFile = (candidate) => existsSync(candidate) && statSync(candidate).isFile();

/** A relative specifier as the file it names; packages and unresolvable names are not followed. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  return CANDIDATES(path.resolve(path.dirname(from), specifier)).find(isFile) ?? null;
}

/** Each file's resolved imports, read once per lint run. */
const importsOf = new Map();
function imports(file) {
  let found = importsOf.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
    found = new Set();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? match[2] ?? match[3]);
      if (target) found.add(target);
    }
    importsOf.set(file, found);
  }
  return found;
}

/** The shortest chain of imports from `start` back to `file`, or null. */
function pathBack(start, file) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of imports(current)) {
      if (next === file) {
        const chain = [current];
        for (let step = cameFrom.get(current); step; step = cameFrom.get(step)) chain.unshift(step);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles between the project’s files, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source?.value !== 'string') return;
      const target = resolve(file, source.value);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      const root = context.cwd;
      context.report({
        node,
        messageId: 'cycle',
        data: { chain: [file, ...chain, file].map((step) => path.relative(root, step)).join(' → ') },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
