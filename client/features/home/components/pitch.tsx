import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@common/constants';
import { Card } from '../../../components/ui/card';

const PIPES = ['Physical', 'Intellectual', 'Psychological', 'Emotional', 'Spiritual'] as const;
const ACCESS = [
  'Accountability',
  'Collaboration',
  'Competition',
  'Education',
  'Support',
  'Scheduling',
] as const;

/** The invitation: find your tribe and evolve through the 36-chamber curriculum. */
export function Pitch({ action }: { action: ReactNode }) {
  return (
    <section aria-labelledby="pitch-title" className="grid gap-5">
      <p className="text-xs font-bold uppercase tracking-[0.25em] text-brand">The 36-chamber curriculum</p>
      <h2
        id="pitch-title"
        className="font-display text-4xl font-black uppercase leading-[0.95] tracking-tight text-balance sm:text-5xl lg:text-6xl"
      >
        Find your tribe.
        <br />
        <span className="text-brand">Evolve.</span>
      </h2>
      <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">
        {PRODUCT_NAME} is a members-only community for athletes and their coaches. Join a tribe built on a
        36-chamber curriculum and evolve physiologically, intellectually, psychologically, emotionally and
        spiritually.
      </p>
      <div>{action}</div>
    </section>
  );
}

function AcronymCard({ word, meaning, parts }: { word: string; meaning: string; parts: readonly string[] }) {
  const titleId = `acronym-${word.toLowerCase()}`;
  return (
    <Card aria-labelledby={titleId} className="p-5 sm:p-6">
      <h2 id={titleId} className="font-display text-3xl font-black tracking-[0.15em] text-brand">
        {word}
      </h2>
      <p className="mt-1 text-xs font-semibold uppercase tracking-widest text-muted-foreground">{meaning}</p>
      <ul className="mt-4 grid gap-2">
        {parts.map((part) => (
          <li key={part} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-md bg-primary/15 font-display font-black text-brand"
            >
              {part[0]}
            </span>
            <span className="font-semibold">{part}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** PIPES and ACCESS spelled out. */
export function Acronyms() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AcronymCard word="PIPES" meaning="How you evolve" parts={PIPES} />
      <AcronymCard word="ACCESS" meaning="What the tribe gives" parts={ACCESS} />
    </div>
  );
}
