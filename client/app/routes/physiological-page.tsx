import { AREA_TITLES, MAIN } from '@common/curriculum';
import { Suspense } from 'react';
import { Skeleton } from '../../components/ui/spinner';
import { HowToUseContent } from '../../features/analysis/components/how-to-use-content';
import { DiscussionPanel } from '../../features/discussions/components/discussion-panel';
import {
  LazyVoiceoverRecordingCard,
  VoiceoverRecordingCard,
} from '../../features/recordings/components/lazy-recordings';
import { HowToUseCard } from '../../features/think-tanks/components/how-to-use-card';
import { ThinkTankPageHeader } from '../../features/think-tanks/components/think-tank-page-header';
import { useDocumentTitle } from '../../lib/document-title';
import { preloadable } from '../../lib/preloadable';
import { MembersOnly } from '../require-member';

const TITLE = AREA_TITLES.physiological;

// The analysis engine loads on demand (docs/architecture.md "Performance budgets").
export const AnalysisTool = preloadable(() => import('../../features/analysis/components/analysis-tool'));
export const TwoPlayerPanel = preloadable(
  () => import('../../features/analysis/components/two-player-panel'),
);

/** Loads what the page draws on demand, so that its prerendered HTML hydrates in one pass. */
export async function preloadParts(): Promise<void> {
  await Promise.all([AnalysisTool.preload(), TwoPlayerPanel.preload(), VoiceoverRecordingCard.preload()]);
}

/**
 * /think-tanks/physiological: the video analysis tool with the voiceover recorder beside it, the 'How to Use' card, the two-player panel and
 * the discussion (`main`/`main`).
 */
export default function PhysiologicalPage() {
  useDocumentTitle(TITLE);
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
        <Suspense fallback={<Skeleton className="h-[480px] rounded-xl" />}>
          <TwoPlayerPanel />
        </Suspense>
        {/* The page's width, like the cards above it; a little shorter on a phone. */}
        <DiscussionPanel
          thread={{ thinkTank: 'physiological', topic: MAIN, lesson: MAIN }}
          className="h-[520px] w-full sm:h-[640px]"
        />
      </div>
    </MembersOnly>
  );
}
