import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@common/constants';
import { Card } from '../../../components/ui/card';
import { DRILLS_PATH, EVENTS_PATH, LEADERBOARD_PATH, MY_ATTEMPTS_PATH } from '../../../lib/paths';

const PIPES = ['Physical', 'Intellectual', 'Psychological', 'Emotional', 'Spiritual'] as const;
/**
 * ACCESS, each letter leading to what it is in the app (issue 34): a visitor who follows one is asked to
 * log in first, as on any members' page.
 */
const ACCESS: readonly Part[] = [
  { name: 'Accountability', what: 'Drills your coach assigns, due on a date', href: DRILLS_PATH },
  {
    name: 'Collaboration',
    what: 'The community chat and lesson discussions',
    href: '/#community-chat-title',
  },
  { name: 'Competition', what: 'A weekly board that rewards the work', href: LEADERBOARD_PATH },
  { name: 'Education', what: 'The Think Tanks: 36 lessons with video', href: '/think-tanks/intellectual' },
  { name: 'Support', what: 'Coaches reply to your attempts; streaks', href: MY_ATTEMPTS_PATH },
  { name: 'Scheduling', what: 'Sessions with RSVP and reminders', href: EVENTS_PATH },
];

type Part = { name: string; what?: string; href?: string };

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

function AcronymCard({ word, meaning, parts }: { word: string; meaning: string; parts: readonly Part[] }) {
  const titleId = `acronym-${word.toLowerCase()}`;
  return (
    <Card aria-labelledby={titleId} className="p-5 sm:p-6">
      <h2 id={titleId} className="font-display text-3xl font-black tracking-[0.15em] text-brand">
        {word}
      </h2>
      <p className="mt-1 text-xs font-semibold uppercase tracking-widest text-muted-foreground">{meaning}</p>
      <ul className="mt-4 grid gap-2">
        {parts.map((part) => {
          const letter = (
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-md bg-primary/15 font-display font-black text-brand"
            >
              {part.name[0]}
            </span>
          );
          return (
            <li key={part.name}>
              {part.href ? (
                <PartLink href={part.href}>
                  {letter}
                  <span className="grid min-w-0 leading-tight">
                    <span className="font-semibold group-hover:underline">{part.name}</span>
                    <span className="text-xs text-muted-foreground">{part.what}</span>
                  </span>
                </PartLink>
              ) : (
                <span className="flex items-center gap-3">
                  {letter}
                  <span className="font-semibold">{part.name}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

const PART_LINK = 'group -mx-1.5 flex items-center gap-3 rounded-md px-1.5 py-0.5 hover:bg-accent';

/** A letter's link: another page through the router, or a part of this page (the chat) by its anchor. */
function PartLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith('#') ? (
    <a href={href} className={PART_LINK}>
      {children}
    </a>
  ) : (
    <Link href={href} className={PART_LINK}>
      {children}
    </Link>
  );
}

/** PIPES and ACCESS spelled out. */
export function Acronyms() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AcronymCard word="PIPES" meaning="How you evolve" parts={PIPES.map((name) => ({ name }))} />
      <AcronymCard word="ACCESS" meaning="What the tribe gives" parts={ACCESS} />
    </div>
  );
}
