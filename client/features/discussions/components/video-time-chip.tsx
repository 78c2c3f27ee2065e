import { Play } from 'lucide-react';
import { formatMinutes } from '@common/text';
import { useVideoClock } from '../../../lib/video-clock';

/** A message's 'at 1:42' (decision 37): plays the video beside the discussion from that time. */
export function VideoTimeChip({ seconds }: { seconds: number }) {
  const clock = useVideoClock();
  const at = `at ${formatMinutes(seconds)}`;
  return (
    <button
      type="button"
      aria-label={`Play the video ${at}`}
      disabled={!clock}
      onClick={() => clock?.playFrom(seconds)}
      className="inline-flex h-7 items-center gap-1 justify-self-start rounded-full border border-brand/40 bg-primary/10 px-2.5 text-xs font-semibold tabular-nums text-brand transition-colors hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 [&_svg]:size-3"
    >
      <Play aria-hidden="true" className="fill-current" />
      {at}
    </button>
  );
}
