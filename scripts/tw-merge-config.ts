// Writes client/lib/tw-merge-config.generated.ts: tailwind-merge's default config reduced to the class
// groups that the client's class names can fall in (issue 35, docs/decisions.md decision 74). The first
// `cn()` builds tailwind-merge's class map from its config; from the default one (379 class groups) that
// was one long task on every page's way to interactive.
//
// Which groups: every whitespace-separated word of every string literal and template-literal piece in
// client/**/*.{ts,tsx} (tests and the generated module aside) is looked up with tailwind-merge's own
// tooling entry (`createClassGroupLookup`, which reports every group a lookup touches, the base before a
// `/` included), on the default config; the groups found are kept with their definitions as they are in
// the default config, the theme scales they read, and the conflict entries among them. A word that is
// not a class (a label, a URL) at most keeps a group that nothing uses. client/lib/tw-merge-config.test.ts
// fails when the committed module differs from what this script writes, and compares the reduced merge
// with the default one on the words and the `cn(...)` calls of the client.
// Usage: node --import tsx scripts/tw-merge-config.ts [--check]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { getDefaultConfig, validators } from 'tailwind-merge';
import { createClassGroupLookup } from 'tailwind-merge/unstable-do-not-import';
import ts from 'typescript';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const generatedPath = path.join(root, 'client', 'lib', 'tw-merge-config.generated.ts');

type Definition = string | ((value: string) => boolean) | { [key: string]: readonly Definition[] };
type AnyConfig = ReturnType<typeof getDefaultConfig>;

/** The client's source files whose strings may be class names (not tests, not the generated module). */
export function clientSourceFiles(dir = path.join(root, 'client')): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'public') files.push(...clientSourceFiles(full));
    } else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts') &&
      full !== generatedPath
    ) {
      files.push(full);
    }
  }
  return files.sort();
}

/** Parses a source file with TypeScript's parser. */
export function parseSource(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

/** The text of every string literal and template-literal piece in a node (JSX attribute values included). */
export function stringsOf(node: ts.Node): string[] {
  const strings: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      strings.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(node);
  return strings;
}

/** Every whitespace-separated word of every string in the client's sources: its possible class names. */
export function collectClassTokens(files = clientSourceFiles()): string[] {
  const tokens = new Set<string>();
  for (const file of files) {
    for (const text of stringsOf(parseSource(file))) {
      for (const token of text.split(/\s+/)) if (token) tokens.add(token);
    }
  }
  return [...tokens].sort();
}

/**
 * The class lists the client merges, as far as they are written in its sources: for each `cn(...)` call
 * every string in its arguments in order (a superset of what any one call is given), and for each `cva`
 * call its base with one value of each variant, every combination.
 */
export function callSiteClassLists(sources: readonly ts.SourceFile[]): string[] {
  const lists: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'cn') {
        lists.push(node.arguments.flatMap((arg) => stringsOf(arg)).join(' '));
      } else if (node.expression.text === 'cva') {
        const [base, options] = node.arguments;
        const baseText = base ? stringsOf(base).join(' ') : '';
        const variants = options && ts.isObjectLiteralExpression(options) ? variantLists(options) : [];
        for (const combination of combinations(variants)) lists.push([baseText, ...combination].join(' '));
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  return lists;
}

/** A cva call's variants: for each variant key, the class strings of its values. */
function variantLists(options: ts.ObjectLiteralExpression): string[][] {
  const variants = options.properties.find(
    (p): p is ts.PropertyAssignment & { initializer: ts.ObjectLiteralExpression } =>
      ts.isPropertyAssignment(p) &&
      p.name.getText() === 'variants' &&
      ts.isObjectLiteralExpression(p.initializer),
  );
  if (!variants) return [];
  return variants.initializer.properties
    .filter(ts.isPropertyAssignment)
    .map((p) => p.initializer)
    .filter(ts.isObjectLiteralExpression)
    .map((values) =>
      values.properties
        .filter(ts.isPropertyAssignment)
        .map((value) => stringsOf(value.initializer).join(' ')),
    );
}

function combinations(lists: readonly string[][]): string[][] {
  return lists.reduce<string[][]>(
    (acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])),
    [[]],
  );
}

/** The class groups of the default config that a lookup of any of the tokens reaches, in config order. */
export function usedClassGroups(tokens: readonly string[], config: AnyConfig = getDefaultConfig()): string[] {
  const lookup = createClassGroupLookup(config);
  const used = new Set<string>();
  for (const token of tokens) for (const match of lookup(token)) used.add(match.classGroupId);
  return Object.keys(config.classGroups).filter((id) => used.has(id));
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, fn]) => [fn, name] as const),
);

/** A definition of the config as source text: strings, validators by name, theme getters by key. */
function definitionSource(def: Definition, themeKeys: Set<string>): string {
  if (typeof def === 'string') return JSON.stringify(def);
  if (typeof def === 'function') {
    const key = (def as { isThemeGetter?: boolean; themeKey?: string }).isThemeGetter
      ? (def as { themeKey?: string }).themeKey
      : undefined;
    if (key !== undefined) {
      themeKeys.add(key);
      return `fromTheme(${JSON.stringify(key)})`;
    }
    const name = validatorNames.get(def);
    if (!name) throw new Error(`A function of the default config is no exported validator: ${String(def)}`);
    return `validators.${name}`;
  }
  const entries = Object.entries(def).map(
    ([key, value]) => `${JSON.stringify(key)}: ${listSource(value, themeKeys)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

function listSource(list: readonly Definition[], themeKeys: Set<string>): string {
  return `[${list.map((def) => definitionSource(def, themeKeys)).join(', ')}]`;
}

/** The generated module's source (formatted with the project's prettier config). */
export async function generateConfigModule(
  groups: readonly string[],
  config: AnyConfig = getDefaultConfig(),
): Promise<string> {
  const kept = new Set(groups);
  const themeKeys = new Set<string>();
  const classGroups = groups.map(
    (id) =>
      `${JSON.stringify(id)}: ${listSource(
        (config.classGroups as Record<string, readonly Definition[]>)[id]!,
        themeKeys,
      )}`,
  );
  // Theme scales may read other scales: resolve until nothing new is referenced.
  const theme = config.theme as Record<string, readonly Definition[]>;
  const themeSources = new Map<string, string>();
  for (
    let pending = [...themeKeys];
    pending.length > 0;
    pending = [...themeKeys].filter((k) => !themeSources.has(k))
  ) {
    for (const key of pending) themeSources.set(key, listSource(theme[key] ?? [], themeKeys));
  }
  const conflicts = (map: Partial<Record<string, readonly string[]>>) =>
    Object.entries(map)
      .filter(([id]) => kept.has(id))
      .map(([id, others]) => [id, others!.filter((other) => kept.has(other))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([id, others]) => `${JSON.stringify(id)}: ${JSON.stringify(others)}`);
  const postfix = (config.postfixLookupClassGroups ?? []).filter((id) => kept.has(id));
  const version = (
    JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', 'tailwind-merge', 'package.json'), 'utf8'),
    ) as {
      version: string;
    }
  ).version;

  const text = `// GENERATED by scripts/tw-merge-config.ts from tailwind-merge ${version}'s default config: do not edit.
// Regenerate after changing class names in client/: node --import tsx scripts/tw-merge-config.ts
// (client/lib/tw-merge-config.test.ts fails while this file is stale). Decision 74 in docs/decisions.md.
import { fromTheme, validators, type Config } from 'tailwind-merge';

/** Class groups of tailwind-merge's default config that the client's class names fall in (${groups.length} of ${
    Object.keys(config.classGroups).length
  }). */
export const getTwMergeConfig = (): Config<string, string> => ({
  cacheSize: ${config.cacheSize},
  theme: { ${[...themeSources]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, src]) => `${JSON.stringify(key)}: ${src}`)
    .join(', ')} },
  classGroups: { ${classGroups.join(', ')} },
  conflictingClassGroups: { ${conflicts(config.conflictingClassGroups).join(', ')} },
  conflictingClassGroupModifiers: { ${conflicts(config.conflictingClassGroupModifiers).join(', ')} },
  postfixLookupClassGroups: ${JSON.stringify(postfix)},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
});
`;
  const options = await prettier.resolveConfig(generatedPath);
  return prettier.format(text, { ...options, filepath: generatedPath });
}

async function main() {
  const tokens = collectClassTokens();
  const groups = usedClassGroups(tokens);
  const source = await generateConfigModule(groups);
  const rel = path.relative(root, generatedPath);
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(generatedPath) ? fs.readFileSync(generatedPath, 'utf8') : '';
    if (current !== source) {
      console.error(`${rel} is stale: run node --import tsx scripts/tw-merge-config.ts`);
      process.exitCode = 1;
    } else {
      console.log(`${rel} is up to date (${groups.length} class groups).`);
    }
    return;
  }
  fs.writeFileSync(generatedPath, source);
  const total = Object.keys(getDefaultConfig().classGroups).length;
  console.log(`${rel}: ${groups.length} of ${total} class groups, from ${tokens.length} words.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
