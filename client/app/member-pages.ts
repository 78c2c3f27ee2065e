// The pages prerendered for members (docs/decisions.md decisions 33 and 68): every Think Tank page, whose
// content is the same for every member and static in the client, and the own profile's frame (the same
// for every member; their data fills it in the browser). client/prerender.tsx renders them,
// scripts/prerender.mjs preloads their code from the HTML, the server sends one only to a live
// session, and start.tsx hydrates it.
import { THINK_TANKS, TOPICS, lessonsOf, type ThinkTank } from '@common/curriculum';
import { MEMBER_FRAME_PATH, memberPageUsername } from '@common/member-page-path';
import type { FrameVariant } from '../lib/member-frame';
import { PROFILE_PATH, lessonPath, thinkTankPath, topicPath } from '../lib/paths';
import {
  LessonPage,
  MemberPage,
  PhysiologicalPage,
  ProfilePage,
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
  /**
   * The page's other frames, which the server chooses by the session (client/lib/member-frame.ts),
   * each prerendered beside the plain one.
   */
  variants?: readonly FrameVariant[];
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
  preload: async () => (await LessonPage.preload()).preloadParts(),
  // The discussion hydrates late (docs/decisions.md decision 78).
  preloadForHydration: async () => void (await LessonPage.preload()),
  modules: ['app/routes/lesson-page.tsx'],
};

/**
 * The own profile's frame (docs/decisions.md decision 68): header, the profile's cards with placeholders
 * of their size for the member's lines, the progress bars, the recorder and the calendar's grid. The
 * page's own chunk is what hydration waits for; the recorder and the calendar keep their HTML and
 * hydrate as their code arrives.
 */
const PROFILE: MemberPageKind = {
  preload: async () => (await ProfilePage.preload()).preloadParts(),
  preloadForHydration: async () => void (await ProfilePage.preload()),
  modules: [
    'app/routes/profile-page.tsx',
    'features/recordings/components/voiceover-recording-card.tsx',
    'features/recordings/components/recording-calendar.tsx',
  ],
  variants: ['email-unconfirmed'],
};

/**
 * Another member's page's frame (docs/decisions.md decision 75), one for every /member/<username>: header,
 * the profile's cards with placeholders, and the picture's slot, which the server fills for a viewer who
 * may see the member.
 */
const MEMBER: MemberPageKind = {
  preload: async () => void (await MemberPage.preload()),
  modules: ['app/routes/member-page.tsx'],
  // An admin viewing gets no Report and Block row: their frame has none either.
  variants: ['admin'],
};

/**
 * Every prerendered member page by path: 5 Think Tanks, 8 topics, 36 lessons, the own profile, and
 * another member's frame.
 */
export const MEMBER_PAGES: ReadonlyMap<string, MemberPageKind> = new Map([
  ...THINK_TANKS.map((area): [string, MemberPageKind] => [
    thinkTankPath(area),
    area === 'physiological' || area === 'spiritual' ? single(area) : AREA,
  ]),
  ...TOPICS.map((topic): [string, MemberPageKind] => [topicPath(topic), TOPIC]),
  ...TOPICS.flatMap((topic) =>
    lessonsOf(topic).map((lesson): [string, MemberPageKind] => [lessonPath(lesson), LESSON]),
  ),
  [PROFILE_PATH, PROFILE],
  [MEMBER_FRAME_PATH, MEMBER],
]);

/**
 * The member's home, `/`: not prerendered (its room is the member's own), the server sends a live
 * session the shell there. The source modules whose chunks main.tsx preloads on it once the shell is
 * painted, beside the app's: the page, its room (a lazy part of it, asked for only once the page has
 * drawn) and the header's member menu and bell (decision 91).
 */
export const MEMBER_HOME_MODULES: readonly string[] = [
  'app/routes/member-home.tsx',
  'features/chat/components/community-room.tsx',
  'features/auth/components/user-menu.tsx',
  'features/notifications/components/notification-bell.tsx',
];

/** The prerendered member page drawn at `pathname`: its own, or the frame of every /member/<username>. */
export function memberPageOf(pathname: string): MemberPageKind | undefined {
  return (
    MEMBER_PAGES.get(pathname) ??
    (memberPageUsername(pathname) === null ? undefined : MEMBER_PAGES.get(MEMBER_FRAME_PATH))
  );
}
