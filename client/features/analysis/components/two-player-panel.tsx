import { Link2, UserRound } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { syncOffset, syncPlayers } from '../engine/sync-players';
import { formatSeconds, slowMotionFactor } from '../engine/timing';
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
import { OverlayControls, OverlayNote, useOverlay } from './overlay-controls';
import { MeasureBar } from './measure-bar';
import { StopwatchBar } from './timing-controls';
import { PoseCompare } from './pose-compare';
import { LessonVideoPicker } from './lesson-video-picker';
import { PosePanel } from './pose-panel';
import { SharedClipNotice } from './shared-clip-notice';
import { useSharedClip } from '../shared-clip';
import { useAnalysisEngine, useAnalysisShortcuts } from './use-analysis-engine';

const PLAYERS = ['Player 1 - Member 1', 'Player 2 - Member 2'] as const;

type Player = ReturnType<typeof useAnalysisEngine>;

/**
 * Two athletes side by side (SPEC §2, §3): each player loads its own video or image and has draw, line
 * and angle, zoom and pan. Sync links play, pause, speed, frame steps and seeking of both videos,
 * keeping the time offset they had when Sync was turned on. Default export, loaded on demand.
 */
export default function TwoPlayerPanel() {
  const one = useAnalysisEngine(`${PLAYERS[0]} canvas`);
  const two = useAnalysisEngine(`${PLAYERS[1]} canvas`);
  const [synced, setSynced] = useState(false);
  const [offset, setOffset] = useState(0);
  // The offset in real time (issue 33): what Sync keeps between clips of different capture rates.
  const [realOffset, setRealOffset] = useState(0);
  const syncId = useId();
  const e1 = one.engine;
  const e2 = two.engine;
  const media1 = one.state.mediaName;
  const media2 = two.state.mediaName;
  const slow1 = slowMotionFactor(one.state.timing);
  const slow2 = slowMotionFactor(two.state.timing);
  // Player 2 over player 1 (decision 64); it keeps Sync on.
  const overlay = useOverlay(e1, e2, synced, setSynced);
  // A clip shared to the installed app opens here (decision 63).
  const shared = useSharedClip(e1, e2, PLAYERS);

  useEffect(() => {
    if (!synced || !e1 || !e2) return;
    // A newly loaded video re-links at its start, with a new offset.
    // So does a new capture rate: the offset is kept in real time.
    setOffset(e2.currentTime - e1.currentTime);
    setRealOffset(syncOffset(e1, e2));
    return syncPlayers(e1, e2);
  }, [synced, e1, e2, media1, media2, slow1, slow2]);

  return (
    <Card aria-labelledby="two-player-title" className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-5">
        <div className="min-w-0">
          <CardTitle id="two-player-title" className="text-base">
            Side by Side
          </CardTitle>
          <CardDescription>Compare two athletes. Sync plays and seeks both videos together.</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex min-h-[42px] items-center gap-2.5 rounded-lg border px-3 py-2">
            <Link2 aria-hidden="true" className="size-4 text-muted-foreground" />
            <Label htmlFor={syncId}>Sync</Label>
            <Switch id={syncId} checked={synced} onCheckedChange={overlay.setSync} />
            {synced && (
              <span className="text-xs tabular-nums text-muted-foreground" aria-live="polite">
                offset {realOffset >= 0 ? '+' : '−'}
                {formatSeconds(Math.abs(realOffset))}
              </span>
            )}
          </div>
          <OverlayControls overlay={overlay} />
        </div>
      </div>
      <OverlayNote overlay={overlay} />
      <SharedClipNotice ref={shared.noticeRef} notice={shared.notice} onDismiss={shared.dismiss} />
      <div className="grid gap-4 p-3 sm:p-5 lg:grid-cols-2">
        <PlayerPanel title={PLAYERS[0]} player={one} />
        <PlayerPanel title={PLAYERS[1]} player={two} />
      </div>
      <PoseCompare one={one} two={two} synced={synced} offset={offset} />
    </Card>
  );
}

function PlayerPanel({ title, player }: { title: string; player: Player }) {
  const rootRef = useRef<HTMLElement>(null);
  const headingId = useId();
  // The controls take the engine's handle and are memoised (docs/decisions.md decision 88): making the
  // engine renders this panel and its pose panel again, not every control.
  const { engine, handle, state, hostRef, descriptionId } = player;
  useAnalysisShortcuts(engine, rootRef);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const hint = useMemo(
    () => <span className="font-semibold text-zinc-200">Load {title.split(' - ')[0]}’s video</span>,
    [title],
  );

  return (
    <section
      ref={rootRef}
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-lg border bg-background/40 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-bold">
          <UserRound aria-hidden="true" className="size-4 shrink-0 text-brand" />
          <span className="truncate">{title}</span>
        </h3>
        <div className="flex items-center gap-1.5">
          <LessonVideoPicker engine={handle} playerName={title} compact />
          <MediaFileInput engine={handle} label={`Load video or image for ${title}`} compact />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ToolButtons engine={handle} state={state} compact />
        <div className="flex items-center">
          <ZoomButtons engine={handle} state={state} />
          <ExportButton engine={handle} name={slug} />
          <MeasurementsCsvButton engine={handle} name={slug} />
          <PostAttemptMenu engine={handle} state={state} />
        </div>
      </div>
      <MeasureBar engine={handle} state={state} />
      <StopwatchBar engine={handle} state={state} />
      <div className="-mx-3">
        <AnalysisStage hostRef={hostRef} descriptionId={descriptionId} state={state} hint={hint} />
      </div>
      <PlaybackBar engine={handle} state={state} compact />
      <PosePanel engine={engine} state={state} name={slug} />
    </section>
  );
}
