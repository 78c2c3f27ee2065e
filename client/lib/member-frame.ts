// Which frame of a member's page the server sent (docs/decisions.md decision 68). A frame holds nothing of
// the member, but the server, which has just looked the session up, may choose between a page's frames
// by a fact of the session: the own profile has one with the e-mail confirmation note's outline for a
// member whose address is not confirmed, so that the note filling in moves nothing; another member's page
// has one without the Report and Block row for an admin viewing, who does not get it. scripts/prerender.mjs
// marks the frame on #root (`data-variant`); the page draws the same one while it hydrates.

/** The frames a page may have besides its plain one. */
export const FRAME_VARIANTS = ['email-unconfirmed', 'admin'] as const;
export type FrameVariant = (typeof FRAME_VARIANTS)[number];

/** Set by client/prerender.tsx while it renders a frame (there is no document there). */
export const prerenderedVariant: { current: FrameVariant | null | undefined } = { current: undefined };

const isVariant = (value: unknown): value is FrameVariant => FRAME_VARIANTS.includes(value as FrameVariant);

/**
 * The frame being drawn: the one client/prerender.tsx renders, or in the browser the one the server
 * sent (read only while the frame is drawn, before /api/auth/me has answered).
 */
export function frameVariant(): FrameVariant | null {
  if (prerenderedVariant.current !== undefined) return prerenderedVariant.current;
  if (typeof document === 'undefined') return null;
  const value = document.getElementById('root')?.dataset.variant;
  return isVariant(value) ? value : null;
}
