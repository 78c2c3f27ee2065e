// How the client's modules are grouped into chunks (vite.config.ts; docs/decisions.md decision 66).
//
// Left to itself, the bundler makes one chunk per set of dynamic imports that reach a module: with
// boot.tsx's steps and sixty lazy pages and sections, a hundred chunks, many of a few hundred bytes (a
// single icon, a three-line component). Each costs a request and, where Vite preloads it, a
// `<link rel=modulepreload>` that the main thread inserts (about 2.5 ms each at a phone's 4× CPU). So:
//
// - **each boot step is one chunk**: the modules a step of client/boot.tsx evaluates (what its import
//   needs, less what main.tsx, boot.tsx and the steps before it loaded) go into one chunk named after
//   the step. The visitor's home page loads the same modules as before, in fewer files, and each step
//   still evaluates only its own modules, in a task of its own.
// - **what the app loads later** (pages, sections) shares a few chunks where it is small and common:
//   every lucide icon (`icons`), the Radix primitives and the UI components over them (`ui`), and the
//   small modules (with what they import, at most SHARED_MAX of source) that two or more lazy chunks
//   import (`shared`). A page may fetch a few KB it does not use, in a handful of requests, not thirty.
// - **a dynamic import preloads only what is not loaded yet** (`preloadDependencies`).
//
// What a step needs is found from the module graph before tree-shaking, which a package's index (a
// "barrel": lucide-react's re-exports every icon, radix-ui's every primitive) would blow up to the
// whole package: through a barrel only the names the importer imports are followed.
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';

type ModuleInfo = {
  id: string;
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  exports: readonly string[];
};
type Context = { getModuleInfo(id: string): ModuleInfo | null };

/** Names a module takes from one of its imports: some, or all of them ('*'). */
type Names = Set<string> | '*';

/** What a module's import and export statements say, with each source resolved to a module id. */
type Parsed = {
  /** Per imported module, the names taken (imports, and re-exports for a module that is not a barrel). */
  requests: Map<string, Names>;
  /**
   * For a barrel (nothing but imports and exports: no code of its own), where each export comes
   * from: a module and the name there ('*': the module's namespace). Null for any other module.
   */
  barrel: { exports: Map<string, { id: string; name: string }>; stars: string[]; bare: string[] } | null;
};

const PRELOAD_HELPER = '\0vite/preload-helper';

/** Does `id` look like what `source` names? (The check that sources and ids were paired right.) */
function namesModule(source: string, id: string): boolean {
  const last = source.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';
  return id.includes(last.replace(/\.[cm]?[jt]sx?$/, ''));
}

function parse(info: ModuleInfo): Parsed {
  const everything: Parsed = {
    requests: new Map(info.importedIds.map((id) => [id, '*'])),
    barrel: null,
  };
  if (!info.code) return everything;
  let program;
  try {
    program = parseAst(info.code, { sourceType: 'module', lang: 'js' }, info.id);
  } catch {
    return everything;
  }
  // Sources in the order they first appear, which is the order of importedIds.
  const sources: string[] = [];
  type Node = { type: string; [key: string]: unknown };
  const body = program.body as unknown as Node[];
  const sourceOf = (node: Node) => (node.source as { value: string } | null)?.value;
  for (const node of body) {
    const source = sourceOf(node);
    if (
      source !== undefined &&
      ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.type) &&
      !sources.includes(source)
    )
      sources.push(source);
  }
  // Vite adds its preload helper's import (for the dynamic imports) to the module's, not to its code.
  const helper = info.importedIds.filter((id) => id.startsWith(PRELOAD_HELPER));
  const ids = info.importedIds.filter((id) => !id.startsWith(PRELOAD_HELPER));
  if (sources.length !== ids.length || sources.some((source, i) => !namesModule(source, ids[i]!)))
    return everything;
  const idOf = (node: Node) => ids[sources.indexOf(sourceOf(node)!)]!;
  const nameOf = (n: unknown) => {
    const node = n as { name?: string; value?: string };
    return node.name ?? node.value ?? '';
  };

  const requests = new Map<string, Names>(helper.map((id) => [id, '*']));
  const take = (id: string, name: string) => {
    const names = requests.get(id) ?? new Set<string>();
    if (names === '*') return;
    if (name === '*') requests.set(id, '*');
    else requests.set(id, names.add(name));
  };
  const locals = new Map<string, { id: string; name: string }>();
  const exports = new Map<string, { id: string; name: string }>();
  const stars: string[] = [];
  const bare: string[] = [];
  let barrel = true;
  for (const node of body) {
    switch (node.type) {
      case 'ImportDeclaration': {
        const id = idOf(node);
        const specifiers = node.specifiers as Node[];
        if (!specifiers.length) {
          bare.push(id);
          requests.set(id, requests.get(id) ?? new Set());
        }
        for (const s of specifiers) {
          const name =
            s.type === 'ImportNamespaceSpecifier'
              ? '*'
              : s.type === 'ImportDefaultSpecifier'
                ? 'default'
                : nameOf(s.imported);
          take(id, name);
          locals.set(nameOf(s.local), { id, name });
        }
        break;
      }
      case 'ExportNamedDeclaration': {
        if (node.declaration) {
          barrel = false;
          break;
        }
        const source = sourceOf(node);
        for (const s of node.specifiers as Node[]) {
          const exported = nameOf(s.exported);
          if (source !== undefined) {
            const id = idOf(node);
            take(id, nameOf(s.local));
            exports.set(exported, { id, name: nameOf(s.local) });
          } else {
            const local = locals.get(nameOf(s.local));
            if (local) exports.set(exported, local);
            else barrel = false;
          }
        }
        break;
      }
      case 'ExportAllDeclaration': {
        const id = idOf(node);
        if (node.exported) {
          take(id, '*');
          exports.set(nameOf(node.exported), { id, name: '*' });
        } else {
          take(id, '*');
          stars.push(id);
        }
        break;
      }
      case 'ExportDefaultDeclaration': {
        const declaration = node.declaration as Node;
        const local = declaration.type === 'Identifier' ? locals.get(nameOf(declaration)) : undefined;
        if (local) exports.set('default', local);
        else barrel = false;
        break;
      }
      case 'ExpressionStatement':
        // A directive ('use strict') is no code.
        if (!node.directive) barrel = false;
        break;
      case 'EmptyStatement':
        break;
      default:
        barrel = false;
    }
  }
  return { requests, barrel: barrel ? { exports, stars, bare } : null };
}

/**
 * The modules that importing `roots` evaluates, found by following static imports, and through a
 * barrel only the names asked of it.
 */
export function moduleGraph(ctx: Context) {
  const parsed = new Map<string, Parsed>();
  const parsedOf = (id: string) => {
    let p = parsed.get(id);
    if (!p) {
      const info = ctx.getModuleInfo(id);
      p = info ? parse(info) : { requests: new Map(), barrel: null };
      parsed.set(id, p);
    }
    return p;
  };
  const exportsOf = (id: string) => new Set(ctx.getModuleInfo(id)?.exports ?? []);

  return (roots: readonly string[]): Set<string> => {
    const needed = new Set<string>();
    const asked = new Map<string, Set<string>>();
    const stack: [string, Names][] = roots.map((id) => [id, '*']);
    const visit = (id: string, names: Names) => stack.push([id, names]);
    while (stack.length) {
      const [id, names] = stack.pop()!;
      const p = parsedOf(id);
      if (!p.barrel || names === '*') {
        if (asked.get(id)?.has('*')) continue;
        asked.set(id, new Set(['*']));
        needed.add(id);
        for (const [dep, depNames] of p.requests) visit(dep, depNames);
        continue;
      }
      // A barrel: the names asked, each from where it comes.
      const seen = asked.get(id) ?? new Set<string>();
      if (!asked.has(id)) {
        asked.set(id, seen);
        needed.add(id);
        for (const dep of p.barrel.bare) visit(dep, new Set());
      }
      for (const name of names) {
        if (seen.has(name) || seen.has('*')) continue;
        seen.add(name);
        const from = p.barrel.exports.get(name);
        if (from) {
          visit(from.id, from.name === '*' ? '*' : new Set([from.name]));
          continue;
        }
        const star = p.barrel.stars.find((dep) => exportsOf(dep).has(name));
        if (star) visit(star, new Set([name]));
        // Not found (a name the bundler resolves some other way): everything the barrel names.
        else for (const dep of p.requests.keys()) visit(dep, '*');
      }
    }
    return needed;
  };
}

/** A chunk's name for a step's module: its file's, or its package's for a package's index. */
function stepName(id: string): string {
  const clean = id.split('?')[0]!;
  const base = path.basename(clean).replace(/\.[cm]?[jt]sx?$/, '');
  const pkg = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(clean)?.[1];
  return pkg && (base === 'index' || base === 'client') ? pkg.replace(/^@/, '').replace(/[\\/]/g, '-') : base;
}

/** Radix and the packages its primitives use, and the app's components over them. */
const UI = [
  /[\\/]node_modules[\\/]@radix-ui[\\/]/,
  /[\\/]node_modules[\\/]@floating-ui[\\/]/,
  /[\\/]node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|detect-node-es)[\\/]/,
  /[\\/]client[\\/]components[\\/]ui[\\/]/,
];
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/** The most code (bytes of source, before minifying) a small shared module may bring along. */
const SHARED_MAX = 6 * 1024;

/**
 * Where the client's modules go, worked out once from the module graph: `entry` is the app's entry
 * module (client/main.tsx), `boot` the boot module it imports (client/boot.tsx), whose dynamic
 * imports, in the order they are written, are the steps.
 */
function placement(ctx: Context, entry: string, boot: string) {
  const bootInfo = ctx.getModuleInfo(boot);
  if (!bootInfo) throw new Error(`chunk groups: ${boot} is not in the build`);
  const needs = moduleGraph(ctx);
  // What main.tsx and boot.tsx load: their own chunks, as the bundler makes them.
  const first = needs([entry, boot]);
  const early = new Set(first);
  const steps = new Map<string, string>();
  bootInfo.dynamicallyImportedIds.forEach((step, i) => {
    const name = `step${i + 1}-${stepName(step)}`;
    for (const id of needs([step])) {
      if (early.has(id)) continue;
      early.add(id);
      steps.set(id, name);
    }
  });
  const grouped = (id: string) => early.has(id) || ICONS.test(id) || UI.some((re) => re.test(id));
  const size = (id: string) => ctx.getModuleInfo(id)?.code?.length ?? 0;
  const small = new Map<string, boolean>();
  return {
    step: (id: string) => steps.get(id) ?? null,
    icon: (id: string) => !early.has(id) && ICONS.test(id),
    ui: (id: string) => !early.has(id) && UI.some((re) => re.test(id)),
    /** Loaded later, and small with all it needs that is not in another group. */
    small: (id: string) => {
      if (grouped(id)) return false;
      let answer = small.get(id);
      if (answer === undefined) {
        // Nor anything main.tsx loads: the group would take it along, out of main.tsx's chunk.
        let total = 0;
        for (const dep of needs([id])) {
          if (first.has(dep)) total = Infinity;
          else if (!grouped(dep)) total += size(dep);
        }
        answer = total <= SHARED_MAX;
        small.set(id, answer);
      }
      return answer;
    },
  };
}

/** rolldown's `output.codeSplitting.groups` for the client (vite.config.ts). */
export function chunkGroups(root: string) {
  const entry = path.join(root, 'client', 'main.tsx');
  const boot = path.join(root, 'client', 'boot.tsx');
  let plan: ReturnType<typeof placement> | undefined;
  const planOf = (ctx: Context) => (plan ??= placement(ctx, entry, boot));
  return [
    // Each step's modules, and no others (what they import is in an earlier step, or main.tsx's).
    {
      name: (id: string, ctx: Context) => planOf(ctx).step(id),
      priority: 3,
      includeDependenciesRecursively: false,
    },
    { name: (id: string, ctx: Context) => (planOf(ctx).icon(id) ? 'icons' : null), priority: 2 },
    { name: (id: string, ctx: Context) => (planOf(ctx).ui(id) ? 'ui' : null), priority: 1 },
    {
      name: (id: string, ctx: Context) => (planOf(ctx).small(id) ? 'shared' : null),
      minShareCount: 2,
      priority: 0,
    },
  ];
}

/** The boot step a chunk is (its number), from the names `chunkGroups` gives them. */
const stepOf = (file: string) => Number(/(?:^|\/)step(\d+)-[^/]*$/.exec(file)?.[1] ?? 0);

type Bundle = Record<string, { type: 'chunk'; imports: readonly string[] } | { type: 'asset' }>;

/**
 * Vite's `build.modulePreload.resolveDependencies` and the plugin that shows it the bundle: the
 * chunks a dynamic import preloads (each a `<link rel=modulepreload>` inserted by the main thread)
 * are those it needs, less what is loaded already: the importing chunk and what it imports, and, for
 * a boot step, the steps before it (boot.tsx runs them one after the other). Nor the imported chunk
 * itself, which the import asks for in the same task.
 */
export function preloadDependencies() {
  let bundle: Bundle | undefined;
  const plugin = {
    name: 'tribe36:preload-dependencies',
    apply: 'build' as const,
    // Before Vite's import analysis (a `generateBundle` hook too) writes the lists.
    generateBundle: {
      order: 'pre' as const,
      handler(_options: unknown, output: Bundle) {
        bundle = output;
      },
    },
  };
  const resolveDependencies = (
    file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => {
    if (context.hostType !== 'js' || !bundle) return deps;
    const loaded = new Set<string>();
    const stack = [context.hostId];
    while (stack.length) {
      const next = stack.pop()!;
      if (loaded.has(next)) continue;
      loaded.add(next);
      const chunk = bundle[next];
      if (chunk?.type === 'chunk') stack.push(...chunk.imports);
    }
    const step = stepOf(file);
    return deps.filter(
      (dep) => dep !== file && !loaded.has(dep) && !(step && stepOf(dep) && stepOf(dep) < step),
    );
  };
  return { plugin, resolveDependencies };
}
