import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { getTwMergeConfig } from './tw-merge-config.generated';

// tailwind-merge's default config reduced to the class groups the client uses (scripts/tw-merge-config.ts):
// the class map it builds on the first `cn` is a third of the default's (decision 74).
const twMerge = createTailwindMerge(getTwMergeConfig);

/** Joins class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Up to two initials for an avatar fallback: 'Zelda Quinn' → 'ZQ', 'zelda-qb' → 'ZE'. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return Array.from(words[0]!).slice(0, 2).join('').toUpperCase();
  return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
}
