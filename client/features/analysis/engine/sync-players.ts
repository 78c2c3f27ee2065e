import type { AnalysisEngine, Control } from './analysis-engine';
import { mediaSecondsOf, realSeconds } from './timing';

/** What Sync needs of a player: its media time and its timing (the engine, or a stand-in in tests). */
type Player = Pick<
  AnalysisEngine,
  'currentTime' | 'getState' | 'onControl' | 'seek' | 'play' | 'pause' | 'setSpeed'
>;

/** A player's real time now (issue 33): its media time at its own capture rate. */
export function realTimeOf(player: Pick<Player, 'currentTime' | 'getState'>): number {
  return realSeconds(player.currentTime, player.getState().timing);
}

/** The real time by which player `b` is ahead of player `a` (the offset Sync keeps and shows). */
export function syncOffset(
  a: Pick<Player, 'currentTime' | 'getState'>,
  b: Pick<Player, 'currentTime' | 'getState'>,
) {
  return realTimeOf(b) - realTimeOf(a);
}

/**
 * Links two players' playback: play, pause, speed, frame steps and seeks given on either one are
 * replayed on the other, keeping the offset between them that existed when the link was made, so that
 * two athletes' movements stay lined up. The offset and the following are in real time (issue 33,
 * decision 62): a 240 fps clip saved at 30 fps beside a 30 fps one moves 1/8 s of its file for each
 * second of the other, so that both show the same instant of the movement. Returns the unlink function.
 */
export function syncPlayers(a: Player, b: Player): () => void {
  const offset = syncOffset(a, b);
  const follow = (from: Player, to: Player, shift: number) => (control: Control) => {
    // Where `to` should be: `from`'s real time plus the offset, in `to`'s own media time.
    const lineUp = () =>
      to.seek(mediaSecondsOf(realTimeOf(from) + shift, to.getState().timing), { echo: false });
    switch (control.kind) {
      case 'play':
        // Line up first: two videos drift apart while playing freely.
        lineUp();
        to.play({ echo: false });
        return;
      case 'pause':
        to.pause({ echo: false });
        lineUp();
        return;
      case 'speed':
        to.setSpeed(control.speed, { echo: false });
        return;
      case 'seek':
        lineUp();
        return;
      case 'step':
        // By time, not by the other video's own frames, whose rate may differ.
        to.pause({ echo: false });
        lineUp();
        return;
    }
  };
  const offA = a.onControl(follow(a, b, offset));
  const offB = b.onControl(follow(b, a, -offset));
  return () => {
    offA();
    offB();
  };
}
