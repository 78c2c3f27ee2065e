import { MessageSquareReply } from 'lucide-react';
import type { AttemptReviewItem } from '@common/contracts/attempts';
import type { LessonRef } from '@common/contracts/progress';
import { formatAngle } from '@common/geometry';
import { MessageAuthor, MessageAvatar } from '../../../components/message-author';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { memberHref } from '../../../lib/paths';
import { useLessonAttempts } from '../api/get-lesson-attempts';

/**
 * Takes the coach to the attempt's message in the lesson's discussion, beside this card, and puts the
 * cursor in the discussion's message box, so the reply goes in the same thread.
 */
function replyTo(messageId: number) {
  const message = document.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
  message?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Discussion message"]')?.focus({
    preventScroll: Boolean(message),
  });
}

function AttemptRow({ item }: { item: AttemptReviewItem }) {
  const { attempt, user } = item;
  const href = memberHref(user.username);
  return (
    <li className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 gap-y-2 py-3">
      <MessageAvatar name={user.name} src={user.profilePicture} href={href} />
      <div className="grid min-w-0 gap-2">
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <MessageAuthor name={user.name} href={href} mine={false} time={item.createdAt} />
          {item.replied ? <Badge variant="success">Replied</Badge> : <Badge>Awaiting reply</Badge>}
        </div>
        {attempt.caption && <p className="text-sm [overflow-wrap:anywhere]">{attempt.caption}</p>}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {attempt.imageUrl && (
            <img
              src={attempt.imageUrl}
              alt=""
              loading="lazy"
              className="h-12 w-auto rounded border bg-black object-contain"
            />
          )}
          {attempt.angles.map((a, i) => (
            <span key={i} className="tabular-nums">
              {a.label}: {formatAngle(a.degrees)}°
            </span>
          ))}
          {attempt.clipUrl && <span>Clip</span>}
          {attempt.voiceover && <span>Voiceover</span>}
        </div>
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          aria-label={`Reply to ${user.name}`}
          onClick={() => replyTo(item.messageId)}
        >
          <MessageSquareReply aria-hidden="true" />
          Reply
        </Button>
      </div>
    </li>
  );
}

/**
 * For admins on a lesson page (issue 18 part 5): the attempts members posted to this lesson, newest
 * first, each marked 'Awaiting reply' until an admin has posted in the thread after it, with Reply.
 */
export function LessonAttempts({ lesson }: { lesson: LessonRef }) {
  const admin = Boolean(useCurrentUser().user?.isAdmin);
  const attempts = useLessonAttempts(lesson, { enabled: admin });
  if (!admin) return null;
  const items = attempts.data?.pages.flat() ?? [];
  const waiting = items.filter((i) => !i.replied).length;
  return (
    <Card aria-labelledby="attempts-review-title" className="grid gap-1 p-4 sm:p-5">
      <CardTitle id="attempts-review-title" className="text-base">
        Attempts posted here
      </CardTitle>
      <CardDescription>
        {attempts.isPending
          ? 'Loading…'
          : items.length === 0
            ? 'No member has posted an attempt to this lesson yet.'
            : `${items.length} ${items.length === 1 ? 'attempt' : 'attempts'}, newest first · ${waiting} awaiting your reply`}
      </CardDescription>
      {items.length > 0 && (
        <ul aria-label="Attempts" className="divide-y">
          {items.map((item) => (
            <AttemptRow key={item.attempt.id} item={item} />
          ))}
        </ul>
      )}
      {attempts.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          disabled={attempts.isFetchingNextPage}
          onClick={() => void attempts.fetchNextPage()}
        >
          Show older attempts
        </Button>
      )}
    </Card>
  );
}
