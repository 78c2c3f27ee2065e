import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

const BOX = 'relative block aspect-video w-72 max-w-full overflow-hidden rounded-lg border bg-black';

/** Whether the element has come near the visible part of its scrolling list (once true, stays true). */
function useNearView<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * The inline player: takes focus from the poster it replaced (so keyboard users land on its controls)
 * and starts at once; a refused play() is only logged (SPEC §8). `onEnded` says whether it had focus.
 */
function InlinePlayer({
  src,
  label,
  onEnded,
}: {
  src: string;
  label: string;
  onEnded: (hadFocus: boolean) => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.play().catch((error: unknown) => console.error('Video playback failed', error));
  }, []);
  return (
    <video
      ref={ref}
      src={src}
      aria-label={label}
      controls
      playsInline
      preload="auto"
      onEnded={() => onEnded(document.activeElement === ref.current)}
      className={`${BOX} object-contain`}
    />
  );
}

/**
 * A video message: its first frame as a poster with a play button; a click turns it into an inline
 * player, which returns to the poster when playback ends (focus goes with it). The poster's video loads only near the view,
 * so a long list of videos does not fetch them all.
 */
export function VideoMessage({ src, senderName }: { src: string; senderName: string }) {
  const [playing, setPlaying] = useState(false);
  const { ref, near } = useNearView<HTMLButtonElement>();
  // Back on the poster after playback that had focus: the poster takes it, not the page.
  const refocusPoster = useRef(false);
  useEffect(() => {
    if (playing || !refocusPoster.current) return;
    refocusPoster.current = false;
    ref.current?.focus();
  }, [playing, ref]);

  if (playing) {
    return (
      <InlinePlayer
        src={src}
        label={`Video from ${senderName}`}
        onEnded={(hadFocus) => {
          refocusPoster.current = hadFocus;
          setPlaying(false);
        }}
      />
    );
  }
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Play video"
      onClick={() => setPlaying(true)}
      className={`${BOX} group cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
    >
      {near ? (
        // The frame at 0.1 s stands in for a poster image: the browser fetches only what it needs.
        <video
          src={`${src}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          data-video-poster=""
          className="pointer-events-none size-full object-cover"
        />
      ) : null}
      <span className="absolute inset-0 grid place-items-center bg-black/15 transition-colors group-hover:bg-black/30">
        <span className="grid size-12 place-items-center rounded-full bg-black/60 text-white shadow-lg ring-2 ring-white/80 transition-transform group-hover:scale-105">
          <Play aria-hidden="true" className="ml-0.5 size-5 fill-current" />
        </span>
      </span>
    </button>
  );
}
