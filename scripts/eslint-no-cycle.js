// The lint rule `tribe36/no-cycle`: no import cycles (docs/decisions.md decision 34). An import that
// can lead back to the file it is in is reported on its line. The file being linted is read from its
// syntax tree; the rest of the graph from the source text of the files it reaches (static imports
// and re-exports, and `import('…')` with a literal path; `import type` / `export type` are skipped,
// as they are gone at run time), resolving relative paths and the `@common/` alias to the
// repository's own files. Packages are not followed: a cycle through node_modules is not ours.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ALIASES = { '@common/': path.join(root, 'common') + path.sep };
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];
const SPECIFIERS =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** The file a specifier names, from the file `from`, or null (a package, or nothing there). */
function resolve(from, specifier) {
  let base;
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  base = path.normalize(base);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...(/\.m?js$/.test(base) ? EXTENSIONS.map((e) => base.replace(/\.m?js$/, e)) : []),
    ...EXTENSIONS.map((e) => path.join(base, 'index' + e)),
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

const edges = new Map(); // file → { mtimeMs, deps: string[] } (the files its run-time imports name)

/** The run-time imports of a file, read from its text (comments removed). */
function depsOf(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = edges.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.deps;
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const deps = [];
  for (const m of text.matchAll(SPECIFIERS)) {
    if (m[1]) continue; // import type / export type
    const target = resolve(file, m[2] ?? m[3]);
    if (target) deps.push(target);
  }
  edges.set(file, { mtimeMs: stat.mtimeMs, deps });
  return deps;
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the repository’s own files' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const imports = []; // [node, resolved target]
    const add = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolve(file, source);
      if (target) imports.push([node, target]);
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        add(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && node.exportKind !== 'type') add(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') add(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') add(node, node.source.value);
      },
      'Program:exit'() {
        // Files already known not to lead back here: shared by every import of this file.
        const dead = new Set();
        const leadsBack = (start) => {
          const stack = [start];
          const seen = new Set();
          while (stack.length > 0) {
            const f = stack.pop();
            if (f === file) return true;
            if (seen.has(f) || dead.has(f)) continue;
            seen.add(f);
            stack.push(...depsOf(f));
          }
          for (const f of seen) dead.add(f);
          return false;
        };
        for (const [node, target] of imports) {
          if (leadsBack(target)) {
            context.report({
              node,
              message: `Import cycle: ${path.relative(root, target)} leads back to this file.`,
            });
          }
        }
      },
    };
  },
};
