import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from './toast';

/**
 * The item a notification's link names in `?<param>=<id>` (a drill, a session: decisions 81 and 82),
 * as the chat's and the discussions' `?message=` (decision 59): once the list is `ready`, the parameter
 * leaves the address (so a reload or a shared address does not point at it again) and the id is kept
 * for the page's life, for the page to bring the item into view, highlight and focus it; when the list
 * does not hold it (`has`: removed, over, cancelled), the member is told `missing` instead.
 */
export function useLinkTarget(
  param: string,
  ready: boolean,
  has: (id: string) => boolean,
  missing: string,
): string | null {
  const wanted = new URLSearchParams(useSearch()).get(param);
  const [location, navigate] = useLocation();
  const [kept, setKept] = useState<string | null>(null);
  const hasRef = useRef(has);
  hasRef.current = has;
  useEffect(() => {
    if (!wanted || !ready) return;
    if (hasRef.current(wanted)) setKept(wanted);
    else toast({ title: missing });
    const query = new URLSearchParams(window.location.search);
    query.delete(param);
    const rest = query.toString();
    navigate(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [wanted, ready, param, missing, location, navigate]);
  return wanted ?? kept;
}
