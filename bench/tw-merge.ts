// tailwind-merge's default config against the reduced one of client/lib/tw-merge-config.generated.ts
// (issue 35, docs/decisions.md decision 74), in one process: each round makes a new merge function from
// each config (createTailwindMerge: its own config object, class map and cache), times its first call
// (boot.tsx's warm-up, `cn('p-0', 'p-1')`: the config is made and the class map built) and then the
// merge of every class list the client's sources write (scripts/tw-merge-config.ts callSiteClassLists),
// and prints the medians and the ratio default / reduced. Rounds alternate which config goes first.
// What a page pays is the cold case (tailwind-merge's code not yet compiled by V8): --cold N runs N fresh
// Node processes per config, alternating, each timing one first call and one merge of the lists.
// Usage: node --import tsx bench/tw-merge.ts [--rounds 40] [--cold 10]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { getTwMergeConfig } from '../client/lib/tw-merge-config.generated';
import { callSiteClassLists, clientSourceFiles, parseSource } from '../scripts/tw-merge-config';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '40' },
    cold: { type: 'string', default: '10' },
    one: { type: 'string' },
  },
});
const rounds = Number(args.rounds);

const lists = callSiteClassLists(clientSourceFiles().map(parseSource));
const configs = { default: getDefaultConfig, reduced: getTwMergeConfig } as const;
type Name = keyof typeof configs;
const times: Record<Name, { build: number[]; merge: number[] }> = {
  default: { build: [], merge: [] },
  reduced: { build: [], merge: [] },
};

let sink = 0;
function round(name: Name) {
  const merge = createTailwindMerge(configs[name]);
  let t = performance.now();
  sink += merge('p-0', 'p-1').length;
  times[name].build.push(performance.now() - t);
  t = performance.now();
  for (const list of lists) sink += merge(list).length;
  times[name].merge.push(performance.now() - t);
}

if (args.one) {
  // A child of --cold: one first call and one merge of the lists, in a process that has run neither.
  round(args.one as Name);
  const name = args.one as Name;
  console.log(JSON.stringify({ build: times[name].build[0], merge: times[name].merge[0] }));
  process.exit(0);
}

const cold: Record<Name, { build: number[]; merge: number[] }> = {
  default: { build: [], merge: [] },
  reduced: { build: [], merge: [] },
};
for (let i = 0; i < Number(args.cold); i++) {
  const order: Name[] = i % 2 === 0 ? ['default', 'reduced'] : ['reduced', 'default'];
  for (const name of order) {
    const out = execFileSync(process.execPath, [...process.execArgv, import.meta.filename, '--one', name], {
      encoding: 'utf8',
    });
    const { build, merge } = JSON.parse(out.trim().split('\n').pop()!) as { build: number; merge: number };
    cold[name].build.push(build);
    cold[name].merge.push(merge);
  }
}

for (let i = 0; i < rounds; i++) {
  const order: Name[] = i % 2 === 0 ? ['default', 'reduced'] : ['reduced', 'default'];
  for (const name of order) round(name);
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
const ms = (x: number) => `${x.toFixed(2)} ms`;
const groups = (name: Name) => Object.keys(configs[name]().classGroups).length;

console.log(
  `${lists.length} class lists from the client's cn(...) and cva calls; ${rounds} rounds; node ${process.version}`,
);
if (cold.default.build.length > 0) {
  console.log(`cold, ${args.cold} fresh processes per config (medians):`);
  for (const name of ['default', 'reduced'] as const) {
    console.log(
      `  ${name.padEnd(8)} first call ${ms(median(cold[name].build)).padStart(10)}   merge all ${ms(median(cold[name].merge)).padStart(10)}   (first calls: ${cold[name].build.map((x) => x.toFixed(1)).join(' ')})`,
    );
  }
  const coldRatio = (kind: 'build' | 'merge') =>
    (median(cold.default[kind]) / median(cold.reduced[kind])).toFixed(2);
  console.log(
    `  ratio default / reduced: first call ${coldRatio('build')}×, merge all ${coldRatio('merge')}×`,
  );
}
console.log(`warm, ${rounds} rounds in this process:`);
console.log(
  `${'config'.padEnd(8)} ${'groups'.padStart(6)} ${'1st build'.padStart(11)} ${'build (median)'.padStart(15)} ${'merge all (median)'.padStart(19)}`,
);
for (const name of ['default', 'reduced'] as const) {
  console.log(
    `${name.padEnd(8)} ${String(groups(name)).padStart(6)} ${ms(times[name].build[0]!).padStart(11)} ${ms(median(times[name].build)).padStart(15)} ${ms(median(times[name].merge)).padStart(19)}`,
  );
}
const ratio = (kind: 'build' | 'merge', pick: (xs: number[]) => number) =>
  (pick(times.default[kind]) / pick(times.reduced[kind])).toFixed(2);
console.log(
  `ratio default / reduced: first build ${ratio('build', (xs) => xs[0]!)}×, build ${ratio('build', median)}×, merge all ${ratio('merge', median)}×`,
);
if (sink === 0) console.log('(nothing merged)');
