// The reduced tailwind-merge config (decision 74) is current and merges the client's class names exactly
// as tailwind-merge's default config does.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTailwindMerge, getDefaultConfig, twMerge as fullMerge } from 'tailwind-merge';
import { createClassGroupLookup } from 'tailwind-merge/unstable-do-not-import';
import type ts from 'typescript';
import {
  callSiteClassLists,
  clientSourceFiles,
  collectClassTokens,
  generateConfigModule,
  generatedPath,
  parseSource,
  usedClassGroups,
} from '../../scripts/tw-merge-config';
import { getTwMergeConfig } from './tw-merge-config.generated';

const reducedMerge = createTailwindMerge(getTwMergeConfig);
const fullLookup = createClassGroupLookup(getDefaultConfig());
const reducedLookup = createClassGroupLookup(getTwMergeConfig());
const TIMEOUT = 120_000;

let tokens: string[] = [];
let sources: ts.SourceFile[] = [];

beforeAll(() => {
  const files = clientSourceFiles();
  sources = files.map(parseSource);
  tokens = collectClassTokens(files);
}, TIMEOUT);

/** The tokens in each group of the default config (every group a token's lookup reaches). */
function tokensByGroup(): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const token of tokens) {
    for (const { classGroupId } of fullLookup(token)) {
      const list = groups.get(classGroupId) ?? [];
      if (!list.includes(token)) list.push(token);
      groups.set(classGroupId, list);
    }
  }
  return groups;
}

function expectSameMerge(classList: string) {
  expect(reducedMerge(classList), classList).toBe(fullMerge(classList));
}

describe('tw-merge-config.generated.ts', () => {
  it(
    'is what scripts/tw-merge-config.ts writes for the client as it is now (else: node --import tsx scripts/tw-merge-config.ts)',
    async () => {
      const expected = await generateConfigModule(usedClassGroups(tokens));
      expect(fs.readFileSync(generatedPath, 'utf8')).toBe(expected);
    },
    TIMEOUT,
  );

  it('finds the class names of className attributes, cn calls and cva variants', () => {
    for (const name of [
      '[overflow-anchor:none]',
      'data-[state=open]:opacity-100',
      'sm:flex-row',
      'group-hover/message:opacity-100',
    ])
      expect(tokens).toContain(name);
  });

  it('puts every class name in the same class groups as the default config does', () => {
    for (const token of tokens) expect(reducedLookup(token), token).toEqual(fullLookup(token));
  });

  it('merges each class name with itself as the default config does', () => {
    for (const token of tokens) expectSameMerge(`${token} ${token}`);
  });

  it(
    'merges each pair of class names of one group, or of conflicting groups, as the default config does',
    () => {
      const config = getDefaultConfig();
      const conflicts = {
        ...config.conflictingClassGroups,
      } as Partial<Record<string, readonly string[]>>;
      const modifierConflicts = config.conflictingClassGroupModifiers as Partial<
        Record<string, readonly string[]>
      >;
      const byGroup = tokensByGroup();
      let pairs = 0;
      for (const [group, members] of byGroup) {
        const others = [...(conflicts[group] ?? []), ...(modifierConflicts[group] ?? [])].flatMap(
          (other) => byGroup.get(other) ?? [],
        );
        for (const a of members) {
          for (const b of [...members, ...others]) {
            expectSameMerge(`${a} ${b}`);
            expectSameMerge(`${b} ${a}`);
            pairs += 2;
          }
        }
      }
      expect(pairs).toBeGreaterThan(1000);
    },
    TIMEOUT,
  );

  it(
    "merges the client's cn(...) calls and cva variants as the default config does",
    () => {
      const lists = callSiteClassLists(sources);
      for (const list of lists) expectSameMerge(list);
      expect(lists.length).toBeGreaterThan(50);
    },
    TIMEOUT,
  );

  it('would merge differently without a group the client uses (the checks above can fail)', () => {
    const narrow = createTailwindMerge(() => {
      const config = getTwMergeConfig();
      const { p: _dropped, ...classGroups } = config.classGroups;
      return { ...config, classGroups };
    });
    expect(narrow('p-1 p-2')).not.toBe(fullMerge('p-1 p-2'));
    expect(usedClassGroups(['snap-x'])).toEqual(['snap-type']);
  });
});
