/** The Think Tanks (SPEC §2): five areas; three of them hold topics of numbered lessons. */

export const THINK_TANKS = [
  'physiological',
  'intellectual',
  'psychological',
  'emotional',
  'spiritual',
] as const;
export type ThinkTank = (typeof THINK_TANKS)[number];

/** The areas made of topics and lessons. */
export const TOPIC_AREAS = ['intellectual', 'psychological', 'emotional'] as const;
export type TopicArea = (typeof TOPIC_AREAS)[number];

/** The single-page areas use `main` for both topic and lesson (SPEC §7). */
export const MAIN = 'main';

export type Topic = {
  area: TopicArea;
  slug: string;
  title: string;
  start: number;
  lessons: readonly string[];
};
export type Lesson = { area: TopicArea; topic: Topic; slug: string; number: number; title: string };

/** Words written in capitals or mixed case rather than title case (docs/decisions.md decision 11). */
const SPECIAL_WORDS: Record<string, string> = { cbt: 'CBT', idp: 'IDP', peds: 'PEDs' };

/** A slug as a title: 'interception-deception' → 'Interception Deception', 'intro-cbt' → 'Intro CBT'. */
export function titleOf(slug: string): string {
  return slug
    .split('-')
    .map((w) => SPECIAL_WORDS[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const topic = (area: TopicArea, slug: string, start: number, lessons: string[]): Topic => ({
  area,
  slug,
  title: titleOf(slug),
  start,
  lessons,
});

/** SPEC §2's fixed table: topics, start numbers and lesson slugs in order. */
export const TOPICS: readonly Topic[] = [
  topic('intellectual', 'understanding-self', 201, [
    'what-constitutes-intelligence',
    'categories-of-intelligence',
    'systems-theory',
    'optimization-of-learning',
    'machine-learning',
    'problem-solving',
    'exercises-practices',
  ]),
  topic('intellectual', 'optimal-self', 208, [
    'goal-targeting',
    'old-selves',
    'perspective-competitive',
    'emotional-intelligence',
  ]),
  topic('intellectual', 'understanding-enemy', 212, [
    'know-enemy',
    'jeet-kun-do',
    'interception-deception',
    'data-collection',
    'methods-idp',
  ]),
  topic('psychological', 'stress-management', 301, [
    'anxiety-personal-lives',
    'women',
    'abusive-substances',
    'peds-substances',
    'support-systems',
    'intro-cbt',
  ]),
  topic('psychological', 'conviction-to-vision', 307, [
    'understanding-why',
    'fake-it-visualization',
    'environment',
    'ohtani-harada',
  ]),
  topic('psychological', 'neuro-remodeling', 311, ['theory', 'research', 'experience', 'modalities']),
  topic('emotional', 'emotion-neural-link', 401, ['sensory-stimuli', 'end-pictures-emotions', 'flow-state']),
  topic('emotional', 'alter-ego', 404, ['emotional-conviction', 'ascension-expectations', 'assessing-data']),
];

export const AREA_TITLES: Record<ThinkTank, string> = {
  physiological: 'Physiological',
  intellectual: 'Intellectual',
  psychological: 'Psychological',
  emotional: 'Emotional',
  spiritual: 'Spiritual',
};

export function isThinkTank(value: string): value is ThinkTank {
  return (THINK_TANKS as readonly string[]).includes(value);
}

export function topicsOf(area: string): readonly Topic[] {
  return TOPICS.filter((t) => t.area === area);
}

export function findTopic(area: string, slug: string): Topic | null {
  return TOPICS.find((t) => t.area === area && t.slug === slug) ?? null;
}

/** The lessons of a topic, numbered from its start. */
export function lessonsOf(t: Topic): Lesson[] {
  return t.lessons.map((slug, i) => ({
    area: t.area,
    topic: t,
    slug,
    number: t.start + i,
    title: titleOf(slug),
  }));
}

export function findLesson(area: string, topicSlug: string, lessonSlug: string): Lesson | null {
  const t = findTopic(area, topicSlug);
  return t ? (lessonsOf(t).find((l) => l.slug === lessonSlug) ?? null) : null;
}

/** '214 · Interception Deception' */
export function lessonHeading(l: Lesson): string {
  return `${l.number} · ${l.title}`;
}

/** Whether a (think tank, topic, lesson) path may hold a lesson video: every lesson, and the spiritual page. */
export function isVideoSlot(thinkTank: string, topicSlug: string, lessonSlug: string): boolean {
  if (thinkTank === 'spiritual') return topicSlug === MAIN && lessonSlug === MAIN;
  return findLesson(thinkTank, topicSlug, lessonSlug) !== null;
}

/** Whether a path may hold a discussion: every video slot, and the physiological page. */
export function isDiscussionThread(thinkTank: string, topicSlug: string, lessonSlug: string): boolean {
  if (thinkTank === 'physiological') return topicSlug === MAIN && lessonSlug === MAIN;
  return isVideoSlot(thinkTank, topicSlug, lessonSlug);
}
