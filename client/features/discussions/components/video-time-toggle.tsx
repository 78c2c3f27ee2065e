import { Clock } from 'lucide-react';
import { useState } from 'react';
import { formatMinutes } from '@common/text';
import { Button } from '../../../components/ui/button';
import { useVideoSecond, type VideoClock } from '../../../lib/video-clock';

/**
 * Whether the next message carries the video's time (decision 37): the toggle's state, the whole second
 * it shows (null when there is no video), and `take`, which gives the exact time to send (if pressed)
 * and lets go.
 */
export function useVideoTimeToggle(clock: VideoClock | null) {
  const [pressed, setPressed] = useState(false);
  const second = useVideoSecond(clock);
  const take = (): number | undefined => {
    const time = clock?.time();
    if (!pressed || time == null) return undefined;
    setPressed(false);
    return Math.max(0, time);
  };
  return { pressed, setPressed, second, take };
}

/** 'at 1:42': the video's current time, following it as it plays; pressed, it goes with the next message. */
export function VideoTimeToggle({
  pressed,
  setPressed,
  second,
}: {
  pressed: boolean;
  setPressed: (pressed: boolean) => void;
  second: number | null;
}) {
  const at = `at ${formatMinutes(second ?? 0)}`;
  return (
    <Button
      variant={pressed ? 'default' : 'outline'}
      aria-pressed={pressed}
      aria-label={`Attach the video time, ${at}`}
      onClick={() => setPressed(!pressed)}
      className="h-10 gap-1.5 px-2.5 tabular-nums"
    >
      <Clock aria-hidden="true" />
      {at}
    </Button>
  );
}
