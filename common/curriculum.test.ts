import { describe, expect, it } from 'vitest';
import {
  findLesson,
  findTopic,
  isDiscussionThread,
  isVideoSlot,
  lessonHeading,
  lessonsOf,
  titleOf,
  TOPICS,
  topicsOf,
} from './curriculum';

describe('the curriculum (SPEC §2)', () => {
  it('has the eight topics with their start numbers, in order', () => {
    expect(TOPICS.map((t) => [t.area, t.slug, t.start, t.lessons.length])).toEqual([
      ['intellectual', 'understanding-self', 201, 7],
      ['intellectual', 'optimal-self', 208, 4],
      ['intellectual', 'understanding-enemy', 212, 5],
      ['psychological', 'stress-management', 301, 6],
      ['psychological', 'conviction-to-vision', 307, 4],
      ['psychological', 'neuro-remodeling', 311, 4],
      ['emotional', 'emotion-neural-link', 401, 3],
      ['emotional', 'alter-ego', 404, 3],
    ]);
    expect(topicsOf('intellectual').map((t) => t.slug)).toEqual([
      'understanding-self',
      'optimal-self',
      'understanding-enemy',
    ]);
    expect(topicsOf('psychological').map((t) => t.slug)).toEqual([
      'stress-management',
      'conviction-to-vision',
      'neuro-remodeling',
    ]);
    expect(topicsOf('emotional').map((t) => t.slug)).toEqual(['emotion-neural-link', 'alter-ego']);
  });

  it('has every lesson slug in order', () => {
    expect(Object.fromEntries(TOPICS.map((t) => [t.slug, t.lessons]))).toEqual({
      'understanding-self': [
        'what-constitutes-intelligence',
        'categories-of-intelligence',
        'systems-theory',
        'optimization-of-learning',
        'machine-learning',
        'problem-solving',
        'exercises-practices',
      ],
      'optimal-self': ['goal-targeting', 'old-selves', 'perspective-competitive', 'emotional-intelligence'],
      'understanding-enemy': [
        'know-enemy',
        'jeet-kun-do',
        'interception-deception',
        'data-collection',
        'methods-idp',
      ],
      'stress-management': [
        'anxiety-personal-lives',
        'women',
        'abusive-substances',
        'peds-substances',
        'support-systems',
        'intro-cbt',
      ],
      'conviction-to-vision': ['understanding-why', 'fake-it-visualization', 'environment', 'ohtani-harada'],
      'neuro-remodeling': ['theory', 'research', 'experience', 'modalities'],
      'emotion-neural-link': ['sensory-stimuli', 'end-pictures-emotions', 'flow-state'],
      'alter-ego': ['emotional-conviction', 'ascension-expectations', 'assessing-data'],
    });
  });

  it('numbers lessons from the topic start without gaps or overlaps', () => {
    const numbers = TOPICS.flatMap((t) => lessonsOf(t).map((l) => l.number));
    expect(numbers).toEqual([
      201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 301, 302, 303, 304, 305,
      306, 307, 308, 309, 310, 311, 312, 313, 314, 401, 402, 403, 404, 405, 406,
    ]);
    const third = findLesson('intellectual', 'understanding-enemy', 'interception-deception')!;
    expect(third.number).toBe(214);
    expect(lessonHeading(third)).toBe('214 · Interception Deception');
  });

  it('writes titles in title case, with CBT, IDP and PEDs so', () => {
    expect(titleOf('intro-cbt')).toBe('Intro CBT');
    expect(titleOf('methods-idp')).toBe('Methods IDP');
    expect(titleOf('peds-substances')).toBe('PEDs Substances');
    expect(titleOf('jeet-kun-do')).toBe('Jeet Kun Do');
    expect(findTopic('psychological', 'conviction-to-vision')!.title).toBe('Conviction To Vision');
  });

  it('knows which paths hold videos and discussions', () => {
    expect(isVideoSlot('emotional', 'alter-ego', 'assessing-data')).toBe(true);
    expect(isVideoSlot('spiritual', 'main', 'main')).toBe(true);
    expect(isVideoSlot('physiological', 'main', 'main')).toBe(false);
    expect(isVideoSlot('emotional', 'alter-ego', 'flow-state')).toBe(false);
    expect(isVideoSlot('emotional', 'understanding-self', 'theory')).toBe(false);
    expect(isDiscussionThread('physiological', 'main', 'main')).toBe(true);
    expect(isDiscussionThread('intellectual', 'optimal-self', 'old-selves')).toBe(true);
    expect(isDiscussionThread('intellectual', 'nope', 'old-selves')).toBe(false);
    expect(findTopic('intellectual', 'alter-ego')).toBeNull();
  });
});
