import { AREA_TITLES, MAIN } from '@common/curriculum';
import { Suspense, useEffect } from 'react';
import { Skeleton } from '../../components/ui/spinner';
import { HowToUseContent } from '../../features/analysis/components/how-to-use-content';
import {
  LazyVoiceoverRecordingCard,
  VoiceoverRecordingCard,
} from '../../features/recordings/components/lazy-recordings';
import { HowToUseCard } from '../../features/think-tanks/components/how-to-use-card';
import { ThinkTankPageHeader } from '../../features/think-tanks/components/think-tank-page-header';
import { deferredSection } from '../../lib/deferred-section';
import { useDocumentTitle } from '../../lib/document-title';
import { preloadable } from '../../lib/preloadable';
import { MembersOnly } from '../require-member';

const TITLE = AREA_TITLES.physiological;
const THREAD = { thinkTank: 'physiological', topic: MAIN, lesson: MAIN } as const;

// The analysis engine loads on demand (docs/architecture.md "Performance budgets").
export const AnalysisTool = preloadable(() => import('../../features/analysis/components/analysis-tool'));
// Below the first screen, the two players and the discussion come late (docs/decisions.md decision 65):
// their HTML shows at once, and each is hydrated in tasks of its own once the browser is idle, they
// are scrolled near, or touched (a press meanwhile is held, not lost).
export const TwoPlayerPanel = deferredSection(
  'two-player-panel',
  () => import('../../features/analysis/components/two-player-panel'),
  { fallback: <Skeleton className="h-[480px] rounded-xl" /> },
);
const DISCUSSION_CLASS = 'h-[520px] w-full sm:h-[640px]';
export const LateDiscussionPanel = deferredSection(
  'discussion-panel',
  () =>
    import('../../features/discussions/components/discussion-panel').then((m) => ({
      default: m.DiscussionPanel,
    })),
  { fallback: <Skeleton className={`${DISCUSSION_CLASS} rounded-xl`} /> },
);

/** Loads what the page draws on demand, so that its prerendered HTML renders in one pass (the prerender). */
export async function preloadParts(): Promise<void> {
  await Promise.all([preloadFirstScreen(), TwoPlayerPanel.preload(), LateDiscussionPanel.preload()]);
}

/**
 * What hydration waits for (docs/decisions.md decision 65): the analysis tool and the recorder, in the
 * first screen, where the first press lands; not the sections that come late.
 */
export async function preloadFirstScreen(): Promise<void> {
  await Promise.all([AnalysisTool.preload(), VoiceoverRecordingCard.preload()]);
}

/**
 * /think-tanks/physiological: the video analysis tool with the voiceover recorder beside it, the 'How to Use' card, the two-player panel and
 * the discussion (`main`/`main`).
 */
export default function PhysiologicalPage() {
  useDocumentTitle(TITLE);
  // A clip shared to the installed app (`?shared=`, decision 63) opens in the two players: at once.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('shared')) TwoPlayerPanel.open();
  }, []);
  return (
    <MembersOnly>
      <div className="grid gap-6 sm:gap-8">
        <ThinkTankPageHeader area="physiological" title={TITLE} trail={[{ label: TITLE }]} />
        {/* The recorder sits beside the tool, so that a coach can talk over an analysis. */}
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_300px] xl:items-start">
          <Suspense fallback={<Skeleton className="h-[560px] rounded-xl" />}>
            <AnalysisTool />
          </Suspense>
          <LazyVoiceoverRecordingCard />
        </div>
        <HowToUseCard>
          <HowToUseContent />
        </HowToUseCard>
        <TwoPlayerPanel />
        {/* The page's width, like the cards above it; a little shorter on a phone. */}
        <LateDiscussionPanel thread={THREAD} className={DISCUSSION_CLASS} />
      </div>
    </MembersOnly>
  );
}
