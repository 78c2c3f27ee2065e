import {
  SHARE_CACHE_PREFIX,
  SHARE_ID,
  SHARE_INDEX_URL,
  SHARE_PARAM,
  SHARE_PROBLEMS,
  shareFileUrl,
  type ShareProblem,
  type SharedIndex,
} from '@common/share-target';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AnalysisEngine } from './engine/analysis-engine';

/**
 * A clip shared to the installed app (issue 33 part 1, decision 63). The service worker (sw.js) kept
 * the shared videos and images in a Cache Storage cache of their own and opened the physiological page
 * with `?shared=<id>`; here Side by Side loads the first into Player 1 and a second into Player 2,
 * shows Player 1, takes the marker out of the address and deletes the kept files. Nothing is uploaded.
 */

/** What the page says about a share: shown above the players until dismissed. */
export type SharedClipNotice = { tone: 'done' | 'problem'; text: string };

/** The `?shared=` marker of an address: a share's id, a problem the worker or the server met, or null. */
export function sharedMarker(search: string): { id: string } | { problem: ShareProblem } | null {
  const value = new URLSearchParams(search).get(SHARE_PARAM);
  if (value === null) return null;
  if ((SHARE_PROBLEMS as readonly string[]).includes(value)) return { problem: value as ShareProblem };
  // Anything else that is not an id (a hand-typed address) is treated as a share no longer here.
  return { id: SHARE_ID.test(value) ? value : '' };
}

/** The address without its `?shared=` marker (path, the other parameters and the fragment kept). */
export function withoutMarker(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(SHARE_PARAM);
  return url.pathname + url.search + url.hash;
}

const PROBLEM_TEXTS: Record<ShareProblem, string> = {
  missed:
    'The shared clip did not reach Tribe36: the app was not ready on this device yet. Share it again now, or load it with Load.',
  failed:
    'The shared clip could not be kept on this device (its storage may be full). Share it again, or load it with Load.',
};
const GONE =
  'The shared clip is no longer on this device (it was opened already, or another share replaced it). Share it again, or load it with Load.';

type SharedFiles = { files: File[]; refused: string[] };

/** The files a share kept, in the order shared; null when the share is not there (or no Cache Storage). */
export async function readShare(id: string): Promise<SharedFiles | null> {
  if (!id || typeof caches === 'undefined') return null;
  const name = SHARE_CACHE_PREFIX + id;
  if (!(await caches.has(name))) return null;
  const cache = await caches.open(name);
  const indexResponse = await cache.match(SHARE_INDEX_URL);
  if (!indexResponse) return null;
  const index = (await indexResponse.json()) as SharedIndex;
  const files: File[] = [];
  for (let i = 0; i < Math.min(index.files, 2); i++) {
    const response = await cache.match(shareFileUrl(i));
    if (!response) continue;
    const blob = await response.blob();
    const type = response.headers.get('content-type') ?? blob.type;
    let fileName = 'shared clip';
    try {
      fileName = decodeURIComponent(response.headers.get('x-file-name') ?? fileName);
    } catch {
      // A name the worker could not have written: keep the default.
    }
    const lastModified = Number(response.headers.get('x-last-modified')) || Date.now();
    files.push(new File([blob], fileName, { type, lastModified }));
  }
  const extra = Math.max(0, index.files - 2);
  const refused = Array.isArray(index.refused) ? index.refused.map(String) : [];
  return { files, refused: extra > 0 ? [...refused, `${extra} more clip${extra > 1 ? 's' : ''}`] : refused };
}

/** Forgets a share: its cache and the files in it. */
export async function deleteShare(id: string): Promise<void> {
  if (id && typeof caches !== 'undefined') await caches.delete(SHARE_CACHE_PREFIX + id);
}

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** What the page says once a share was read and its clips loaded (`players`: each player's name). */
export function noticeFor(
  share: SharedFiles | null,
  loaded: { name: string; player: string }[],
): SharedClipNotice {
  if (!share) return { tone: 'problem', text: GONE };
  const parts: string[] = [];
  if (loaded.length > 0) {
    parts.push(`Opened the shared ${list(loaded.map((l) => `${l.name} in ${l.player}`))}.`);
  }
  const refused = share.refused.filter((name) => !/^\d+ more clips?$/.test(name));
  const more = share.refused.find((name) => /^\d+ more clips?$/.test(name));
  if (refused.length > 0) {
    parts.push(
      `${list(refused)} ${refused.length > 1 ? 'are' : 'is'} not a video or an image: Side by Side opens videos and images only.`,
    );
  }
  if (more)
    parts.push(`Side by Side shows two clips: ${more} ${more.startsWith('1 ') ? 'was' : 'were'} not opened.`);
  if (loaded.length === 0 && refused.length === 0) {
    parts.push('The share held no video or image to open.');
  }
  return { tone: loaded.length > 0 && refused.length === 0 ? 'done' : 'problem', text: parts.join(' ') };
}

/**
 * Side by Side's hook: once both players' engines exist, a `?shared=` marker in the address loads the
 * share into them and says what it opened (or why not) in a notice scrolled to the top of the screen,
 * Player 1 under it; `noticeRef` goes on the notice. Runs once per page.
 */
export function useSharedClip(
  one: AnalysisEngine | null,
  two: AnalysisEngine | null,
  players: readonly [string, string],
): { notice: SharedClipNotice | null; dismiss: () => void; noticeRef: RefObject<HTMLDivElement | null> } {
  const [notice, setNotice] = useState<SharedClipNotice | null>(null);
  const taken = useRef(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [first, second] = players;

  // Once the notice is drawn: it and Player 1 under it at the top of the screen (the players are far
  // down the page, under the main tool), also when nothing opened, so that the reason is seen.
  const shown = notice !== null;
  useEffect(() => {
    if (shown) noticeRef.current?.scrollIntoView({ block: 'start' });
  }, [shown]);

  useEffect(() => {
    if (taken.current) return;
    const marker = sharedMarker(window.location.search);
    if (!marker) return;
    const dropMarker = () =>
      window.history.replaceState(window.history.state, '', withoutMarker(window.location.href));
    if ('problem' in marker) {
      taken.current = true;
      dropMarker();
      setNotice({ tone: 'problem', text: PROBLEM_TEXTS[marker.problem] });
      return;
    }
    // The engines are made once the page is idle (use-analysis-engine.ts): wait for both.
    if (!one || !two) return;
    taken.current = true;
    const { id } = marker;
    void (async () => {
      let share: SharedFiles | null = null;
      try {
        share = await readShare(id);
      } catch (err) {
        console.warn('The shared clip could not be read', err);
      }
      const loaded: { name: string; player: string }[] = [];
      const engines = [one, two] as const;
      share?.files.forEach((file, i) => {
        if (engines[i]!.load(file)) loaded.push({ name: file.name, player: i === 0 ? first : second });
      });
      dropMarker();
      setNotice(noticeFor(share, loaded));
      // The engines hold the files now (a Blob read from the cache stays readable once it is deleted).
      await deleteShare(id).catch((err: unknown) => console.warn('The shared clip was not deleted', err));
    })();
  }, [one, two, first, second]);

  return { notice, dismiss: () => setNotice(null), noticeRef };
}
