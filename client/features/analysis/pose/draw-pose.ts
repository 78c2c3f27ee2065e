import { MIN_VISIBILITY, POSE_BONES, landmarkSide, type PoseLandmark, type Side } from '@common/pose';
import { mediaToScreen, viewScale, type ViewTransform } from '@common/geometry';

/** The skeleton's colours: the athlete's left side and right side apart, so asymmetry shows (issue 19). */
export const SIDE_COLORS: Readonly<Record<Side, string>> = {
  left: '#22d3ee',
  right: '#fb923c',
  centre: '#f8fafc',
};

/** What the overlay draws: landmarks normalised to a media of `size`. */
export type PoseOverlay = { landmarks: readonly PoseLandmark[]; size: { width: number; height: number } };

/**
 * Draws the skeleton over the media, in the view's zoom and pan: bones, then joints, each in its
 * side's colour; a landmark the model is not sure it sees (visibility under MIN_VISIBILITY) is left
 * out, with the bones that end at it. Line widths stay the same on screen whatever the zoom.
 */
export function drawPose(ctx: CanvasRenderingContext2D, view: ViewTransform, overlay: PoseOverlay) {
  const { landmarks, size } = overlay;
  const seen = (i: number) => (landmarks[i]?.visibility ?? 0) >= MIN_VISIBILITY;
  const at = (i: number) =>
    mediaToScreen(view, { x: landmarks[i]!.x * size.width, y: landmarks[i]!.y * size.height });
  const radius = Math.max(2.5, Math.min(5, 2.5 * Math.sqrt(viewScale(view) * 2)));
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const bone of POSE_BONES) {
    if (!seen(bone.from) || !seen(bone.to)) continue;
    const a = at(bone.from);
    const b = at(bone.to);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.lineWidth = 5;
    ctx.stroke();
    ctx.strokeStyle = SIDE_COLORS[bone.side];
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  for (let i = 0; i < landmarks.length; i++) {
    if (!seen(i)) continue;
    const p = at(i);
    ctx.beginPath();
    ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
    ctx.fillStyle = SIDE_COLORS[landmarkSide(i)];
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}
