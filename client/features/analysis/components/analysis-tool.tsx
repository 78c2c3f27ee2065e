import { Film } from 'lucide-react';
import { useRef } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import {
  AnalysisStage,
  ExportButton,
  MeasurementsCsvButton,
  MediaFileInput,
  PlaybackBar,
  PostAttemptMenu,
  ToolButtons,
  ZoomButtons,
} from './analysis-controls';
import { LessonVideoPicker } from './lesson-video-picker';
import { MeasureBar } from './measure-bar';
import { StopwatchBar } from './timing-controls';
import { PosePanel } from './pose-panel';
import { useAnalysisEngine, useAnalysisShortcuts } from './use-analysis-engine';

/**
 * From a tablet's width up, the canvas (2:1) is only as wide as lets the stage and the playback bar under
 * it show in the first screen, above the fixed footer (issue 30): on a 1280 × 800 laptop the stage
 * starts about 381 px down the page (header, page title, the tool's two rows), and the playback bar
 * (60 px) and the footer (65 px) need room under it; 33rem (528 px) leaves a few pixels to spare. Never
 * narrower than 20rem, and as before on taller screens (800 px wide from 1080 px high). On a phone the
 * width limits it already, and the page scrolls.
 */
const STAGE_FITS_SCREEN = 'sm:max-w-[min(800px,max(20rem,calc((100dvh-33rem)*2)))]';

/** The stage's hint before any media: one element for every render (the stage is memoised). */
const HINT = (
  <>
    <Film aria-hidden="true" className="size-7 text-zinc-400" />
    <span className="font-semibold text-zinc-200">Load a video or image to analyse</span>
    <span className="text-xs text-zinc-400">It stays on your device; nothing is uploaded.</span>
  </>
);

/**
 * The physiological page's video-analysis tool (SPEC §2, §4): a member loads a video or image from their
 * device, draws, measures angles, zooms and pans, steps frame by frame and exports a frame. The canvas
 * work happens in the framework-free engine; this component only mounts it and renders its controls.
 * Default export, so that the page can load it on demand.
 */
export default function AnalysisTool() {
  const rootRef = useRef<HTMLElement>(null);
  // The controls take the engine's handle, the same object before and after the engine is made, and are
  // memoised: making it renders only this card and the pose panel again (docs/decisions.md decision 88).
  const { engine, handle, state, hostRef, descriptionId, ensureEngine } =
    useAnalysisEngine('Analysis canvas');
  useAnalysisShortcuts(engine, rootRef);

  return (
    <Card
      ref={rootRef}
      aria-labelledby="analysis-tool-title"
      className="overflow-hidden"
      // A control pressed before the engine is made (it is made once the page is idle) makes it first:
      // the press is not lost (docs/decisions.md decision 65).
      onClickCapture={engine ? undefined : ensureEngine}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-5">
        <div className="min-w-0">
          <CardTitle id="analysis-tool-title" className="text-base">
            Video Analysis
          </CardTitle>
          <CardDescription className="truncate">
            {state.mediaName ?? 'Draw lines, measure angles and zoom on your own video or image.'}
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <LessonVideoPicker engine={handle} />
          <MediaFileInput engine={handle} label="Load video or image" />
        </div>
      </div>
      {/* On a phone: the tools on one row, zoom and export on the next. */}
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-5">
        {/* Six tools: as icons with their colours and tooltips, so that they and the zoom share one row. */}
        <ToolButtons engine={handle} state={state} compact />
        <div className="flex items-center gap-1 max-sm:w-full max-sm:justify-between">
          <ZoomButtons engine={handle} state={state} />
          <ExportButton engine={handle} name="analysis-frame" />
          <MeasurementsCsvButton engine={handle} name="analysis" />
          <PostAttemptMenu engine={handle} state={state} />
        </div>
        <MeasureBar engine={handle} state={state} />
        <StopwatchBar engine={handle} state={state} />
      </div>
      <AnalysisStage
        hostRef={hostRef}
        descriptionId={descriptionId}
        state={state}
        hostClassName={STAGE_FITS_SCREEN}
        hint={HINT}
      />
      <div className="px-4 py-3 sm:px-5">
        <PlaybackBar engine={handle} state={state} />
      </div>
      <div className="px-4 pb-4 sm:px-5">
        <PosePanel engine={engine} state={state} name="analysis" />
      </div>
    </Card>
  );
}
