/**
 * A clip's frames in order, decoded with WebCodecs in the pose worker (docs/decisions.md decision 42):
 * each frame decoded once, from its key frame on, instead of a seek per frame (which decodes again
 * from the last key frame every time, on the page's media pipeline). The frames come out in the order
 * they are shown, with their own times, so the analysis has exactly the file's frames.
 */
import { openMp4, looksLikeMp4 } from './mp4-demux';
import { UnsupportedClip, type ByteSource, type Demuxer } from './types';
import { openWebm } from './webm-demux';

/** Frames decoded ahead of the model at most (each holds a decoder buffer until it is closed). */
const AHEAD = 4;

/** The demuxer for the file's container, from its first bytes; UnsupportedClip for any other. */
export async function openClip(source: ByteSource): Promise<Demuxer> {
  const head = await source.read(0, 16);
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return openWebm(source);
  if (looksLikeMp4(head)) return openMp4(source);
  throw new UnsupportedClip('Neither WebM nor MP4');
}

/**
 * The clip's decoded frames, in the order they are shown. The caller closes each frame. Throws
 * UnsupportedClip when this browser cannot decode the track, or the decoder's error when a frame is
 * damaged. Returning early (break) stops decoding and frees the decoder.
 */
export async function* decodeFrames(demuxer: Demuxer): AsyncGenerator<VideoFrame, void, undefined> {
  if (typeof VideoDecoder !== 'function') throw new UnsupportedClip('No WebCodecs');
  const { config } = demuxer.track;
  const support = await VideoDecoder.isConfigSupported(config).catch(() => ({ supported: false }));
  if (!support.supported) throw new UnsupportedClip(`This browser cannot decode ${config.codec}`);

  const ready: VideoFrame[] = [];
  let failure: Error | null = null;
  let flushed = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const decoder = new VideoDecoder({
    output: (frame) => {
      ready.push(frame);
      poke();
    },
    error: (error) => {
      failure = error;
      poke();
    },
  });
  decoder.addEventListener('dequeue', poke);
  decoder.configure(config);
  const samples = demuxer.samples();
  let fed = false;
  let ended = false;
  try {
    for (;;) {
      // Keep the decoder busy, but never more than AHEAD frames ahead of the caller.
      while (!ended && !failure && ready.length + decoder.decodeQueueSize < AHEAD) {
        const next = await samples.next();
        if (next.done) {
          ended = true;
          decoder.flush().then(
            () => ((flushed = true), poke()),
            (error: unknown) => (
              (failure ??= error instanceof Error ? error : new Error(String(error))),
              poke()
            ),
          );
          break;
        }
        const sample = next.value;
        // Decoding starts at a key frame: frames before the first one (a cut file) cannot be decoded.
        if (!fed && !sample.key) continue;
        fed = true;
        decoder.decode(
          new EncodedVideoChunk({
            type: sample.key ? 'key' : 'delta',
            timestamp: sample.timestampUs,
            ...(sample.durationUs !== undefined ? { duration: sample.durationUs } : {}),
            data: sample.data,
          }),
        );
      }
      const frame = ready.shift();
      if (frame) {
        yield frame;
        continue;
      }
      if (failure) throw failure;
      if (flushed || (ended && !fed)) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    for (const frame of ready.splice(0)) frame.close();
    if (decoder.state !== 'closed') decoder.close();
    await samples.return(undefined);
  }
}
