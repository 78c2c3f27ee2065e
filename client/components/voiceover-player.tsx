import { useEffect, useRef } from 'react';

/** How far the voice may drift from the picture before it is put back in step, in seconds. */
const DRIFT_SECONDS = 0.25;

/**
 * A voiceover as one player with its voice, wherever one is shown (the calendar, a posted attempt, the
 * coach's review). Since decision 48 the screen file carries the voice and plays alone. A
 * recording made before has a silent screen file and the voice apart: the voice then plays from a hidden
 * audio element that follows the video's play, pause, seeking, speed, volume and end, so the video's
 * controls are the only ones.
 */
export function VoiceoverPlayer({
  screenUrl,
  audioUrl,
  screenHasAudio,
  label,
  className,
}: {
  screenUrl: string;
  audioUrl: string;
  /** The screen file carries the voice (the API's `videoHasAudio` / `screenHasAudio`). */
  screenHasAudio: boolean;
  /** The player's accessible name. */
  label: string;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const v = video.current;
    const a = audio.current;
    if (screenHasAudio || !v || !a) return;
    return followVideo(v, a);
  }, [screenHasAudio, screenUrl, audioUrl]);
  return (
    <>
      <video
        ref={video}
        controls
        playsInline
        preload="metadata"
        src={screenUrl}
        aria-label={label}
        data-voice={screenHasAudio ? 'in-video' : 'beside'}
        className={className}
      />
      {!screenHasAudio && <audio ref={audio} preload="auto" src={audioUrl} hidden aria-hidden="true" />}
    </>
  );
}

/** Keeps `a` in step with `v`; the returned function stops it. */
function followVideo(v: HTMLVideoElement, a: HTMLAudioElement): () => void {
  const align = () => {
    if (Math.abs(a.currentTime - v.currentTime) > DRIFT_SECONDS) a.currentTime = v.currentTime;
  };
  const play = () => {
    align();
    a.playbackRate = v.playbackRate;
    // A voice shorter than the picture has simply ended; a refused play leaves the picture playing.
    if (v.currentTime < (Number.isFinite(a.duration) ? a.duration : Infinity)) void a.play().catch(() => {});
  };
  const pause = () => a.pause();
  const rate = () => (a.playbackRate = v.playbackRate);
  const volume = () => {
    a.muted = v.muted;
    a.volume = v.volume;
  };
  const tick = () => {
    if (!v.paused && !v.seeking) align();
  };
  const events: [string, () => void][] = [
    ['play', play],
    ['playing', play],
    ['pause', pause],
    ['waiting', pause],
    ['ended', pause],
    ['seeking', align],
    ['seeked', align],
    ['ratechange', rate],
    ['volumechange', volume],
    ['timeupdate', tick],
  ];
  volume();
  for (const [name, fn] of events) v.addEventListener(name, fn);
  return () => {
    for (const [name, fn] of events) v.removeEventListener(name, fn);
    a.pause();
  };
}
