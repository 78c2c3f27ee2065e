import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_TICK_MS } from '@common/constants';

/**
 * Copies text to the clipboard; `copied` is true for COPIED_TICK_MS afterwards (the tick of SPEC §9).
 * `copy` resolves to false when the browser refuses.
 */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    if (timer.current) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_TICK_MS);
    return true;
  }, []);

  return { copied, copy };
}
