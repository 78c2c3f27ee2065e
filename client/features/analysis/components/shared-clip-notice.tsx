import { CircleAlert, Share2, X } from 'lucide-react';
import type { Ref } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { cn } from '../../../lib/utils';
import type { SharedClipNotice as Notice } from '../shared-clip';

/** What Side by Side says about a clip shared to the app (decision 63), until it is dismissed. */
export function SharedClipNotice({
  notice,
  onDismiss,
  ref,
}: {
  notice: Notice | null;
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  // The live region stays in the page, so that the text is announced when it comes.
  return (
    <div role="status" ref={ref}>
      {notice && (
        <div
          className={cn(
            'mx-3 mt-3 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm sm:mx-5',
            notice.tone === 'problem' ? 'border-amber-500/50 bg-amber-500/10' : 'bg-muted/40',
          )}
        >
          {notice.tone === 'problem' ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
          ) : (
            <Share2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          )}
          <p className="min-w-0 flex-1 break-words">{notice.text}</p>
          <IconButton label="Dismiss" className="-my-1 size-7 shrink-0" onClick={onDismiss}>
            <X aria-hidden="true" />
          </IconButton>
        </div>
      )}
    </div>
  );
}
