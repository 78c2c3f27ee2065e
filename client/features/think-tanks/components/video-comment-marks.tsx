import { formatMinutes } from '@common/text';
import { Tooltip } from '../../../components/ui/tooltip';
import { useVideoMarks, useVideoPosition, type VideoClock } from '../../../lib/video-clock';

const percent = (seconds: number, duration: number) =>
  `${Math.min(100, Math.max(0, (seconds / duration) * 100))}%`;

/**
 * The video's timeline with a mark per timed message of the discussion (decision 37), each a button that
 * plays the video from there. Always its full height, marks or not, so nothing moves when they come.
 */
export function VideoCommentMarks({ clock }: { clock: VideoClock }) {
  const position = useVideoPosition(clock);
  const marks = useVideoMarks(clock);
  return (
    <div
      role="group"
      aria-label="Comments on the video’s timeline"
      className="h-8 border-t bg-muted/40 px-3 sm:px-5"
    >
      <div className="relative h-full">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-border"
        />
        {position ? (
          <>
            <div
              aria-hidden="true"
              className="absolute left-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-brand/50"
              style={{ width: percent(position.time, position.duration) }}
            />
            {marks.map((mark) => {
              const label = `Comment at ${formatMinutes(mark.seconds)} by ${mark.author}`;
              return (
                <Tooltip key={mark.id} label={label} side="top">
                  <button
                    type="button"
                    aria-label={label}
                    onClick={() => clock.playFrom(mark.seconds)}
                    className="absolute top-1 grid h-6 w-6 -translate-x-1/2 cursor-pointer place-items-center rounded-sm focus-visible:outline-2 focus-visible:outline-ring [&:hover>span]:h-5"
                    style={{ left: percent(mark.seconds, position.duration) }}
                  >
                    <span className="h-4 w-1 rounded-full bg-brand shadow-[0_0_0_1px_var(--card)] transition-[height]" />
                  </button>
                </Tooltip>
              );
            })}
          </>
        ) : null}
      </div>
    </div>
  );
}
