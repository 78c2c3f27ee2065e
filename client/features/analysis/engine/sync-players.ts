import type { AnalysisEngine, Control } from './analysis-engine';

/**
 * Links two players' playback: play, pause, speed, frame steps and seeks given on either one are
 * replayed on the other, keeping the time offset between them that existed when the link was made, so
 * that two athletes' movements stay lined up. Returns the unlink function.
 */
export function syncPlayers(a: AnalysisEngine, b: AnalysisEngine): () => void {
  const offset = b.currentTime - a.currentTime;
  const follow = (from: AnalysisEngine, to: AnalysisEngine, shift: number) => (control: Control) => {
    switch (control.kind) {
      case 'play':
        // Line up first: two videos drift apart while playing freely.
        to.seek(from.currentTime + shift, { echo: false });
        to.play({ echo: false });
        return;
      case 'pause':
        to.pause({ echo: false });
        to.seek(from.currentTime + shift, { echo: false });
        return;
      case 'speed':
        to.setSpeed(control.speed, { echo: false });
        return;
      case 'seek':
        to.seek(from.currentTime + shift, { echo: false });
        return;
      case 'step':
        // By time, not by the other video's own frames, whose rate may differ.
        to.pause({ echo: false });
        to.seek(from.currentTime + shift, { echo: false });
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
