// The pages prerendered for members (docs/decisions.md decision 33): every Think Tank page, whose content is
// the same for every member and static in the client. client/prerender.tsx renders them,
// scripts/prerender.mjs preloads their code from the HTML, the server sends one only to a live
// session, and boot.tsx hydrates it.
import { THINK_TANKS, TOPICS, lessonsOf, type ThinkTank } from '@common/curriculum';
import { lessonPath, thinkTankPath, topicPath } from '../lib/paths';
import {
  LessonPage,
  PhysiologicalPage,
  SpiritualPage,
  ThinkTankAreaPage,
  ThinkTankTopicPage,
} from './router';

/** How a kind of page is loaded: its route, and the source modules (client/…) it draws. */
type MemberPageKind = {
  /** Loads everything the page draws, so that React renders it without suspending (the prerender). */
  preload(): Promise<void>;
  /**
   * What hydration waits for: the page without its heavy, interactive sections, which keep their
   * server HTML and are hydrated one by one as their code arrives (docs/decisions.md decision 33). By
   * default, everything (`preload`).
   */
  preloadForHydration?(): Promise<void>;
  /** The client/ source files whose chunks the page needs (Vite's manifest keys), for modulepreload. */
  modules: readonly string[];
};

const single = (area: ThinkTank): MemberPageKind =>
  area === 'physiological'
    ? {
        preload: async () => (await PhysiologicalPage.preload()).preloadParts(),
        // The two players and the discussion hydrate late (docs/decisions.md decision 65).
        preloadForHydration: async () => (await PhysiologicalPage.preload()).preloadFirstScreen(),
        modules: [
          'app/routes/physiological-page.tsx',
          'features/analysis/components/analysis-tool.tsx',
          'features/analysis/components/two-player-panel.tsx',
          'features/recordings/components/voiceover-recording-card.tsx',
        ],
      }
    : {
        preload: async () => void (await SpiritualPage.preload()),
        modules: ['app/routes/spiritual-page.tsx'],
      };

const AREA: MemberPageKind = {
  preload: async () => void (await ThinkTankAreaPage.preload()),
  modules: ['app/routes/think-tank-area-page.tsx'],
};
const TOPIC: MemberPageKind = {
  preload: async () => void (await ThinkTankTopicPage.preload()),
  modules: ['app/routes/think-tank-topic-page.tsx'],
};
const LESSON: MemberPageKind = {
  preload: async () => void (await LessonPage.preload()),
  modules: ['app/routes/lesson-page.tsx'],
};

/** Every prerendered member page by path: 5 Think Tanks, 8 topics, 36 lessons. */
export const MEMBER_PAGES: ReadonlyMap<string, MemberPageKind> = new Map([
  ...THINK_TANKS.map((area): [string, MemberPageKind] => [
    thinkTankPath(area),
    area === 'physiological' || area === 'spiritual' ? single(area) : AREA,
  ]),
  ...TOPICS.map((topic): [string, MemberPageKind] => [topicPath(topic), TOPIC]),
  ...TOPICS.flatMap((topic) =>
    lessonsOf(topic).map((lesson): [string, MemberPageKind] => [lessonPath(lesson), LESSON]),
  ),
]);
