import { Inbox, MessageSquareReply, MessagesSquare, Mic } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { MyAttemptItem } from '@common/contracts/attempts';
import { RelativeTime } from '../../../components/relative-time';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListStatus } from '../../../components/list-status';
import { cn } from '../../../lib/utils';
import { useMyAttempts } from '../api/get-my-attempts';
import { useMarkAttemptSeen } from '../api/mark-attempt-seen';

/** The page of the thread an attempt was posted to: its lesson, the area's page, or home (the chat). */
export function threadHref(item: Pick<MyAttemptItem, 'lesson'>): string {
  if (!item.lesson) return '/';
  const { thinkTank, topic, lesson } = item.lesson;
  return topic === 'main' && lesson === 'main'
    ? `/think-tanks/${thinkTank}`
    : `/think-tanks/${thinkTank}/${topic}/${lesson}`;
}

/** The frame (or the clip's poster), or a voiceover's mark, small beside the attempt. */
function Thumbnail({ item }: { item: MyAttemptItem }) {
  const { attempt } = item;
  const box =
    'grid aspect-square w-20 shrink-0 place-items-center overflow-hidden rounded-lg border bg-black sm:w-28';
  if (attempt.imageUrl) {
    return (
      <div className={box}>
        <img src={attempt.imageUrl} alt="" className="max-h-full max-w-full object-contain" />
      </div>
    );
  }
  return (
    <div className={cn(box, 'bg-muted text-muted-foreground')}>
      {attempt.voiceover ? (
        <Mic aria-hidden="true" className="size-6" />
      ) : (
        <Inbox aria-hidden="true" className="size-6" />
      )}
    </div>
  );
}

function MyAttempt({ item }: { item: MyAttemptItem }) {
  const headingId = useId();
  const seen = useMarkAttemptSeen();
  const where = item.lesson ? item.lesson.title : 'Community chat';
  const href = threadHref(item);
  const what = item.attempt.clipUrl ? 'Clip' : item.attempt.voiceover ? 'Voiceover' : 'Frame';
  return (
    <li data-attempt-id={item.attempt.id}>
      <article
        aria-labelledby={headingId}
        className={cn(
          'grid gap-3 rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:p-4 dark:shadow-black/40',
          item.unread && 'border-brand/60 ring-1 ring-brand/30',
        )}
      >
        <div className="flex min-w-0 gap-3 sm:gap-4">
          <Thumbnail item={item} />
          <div className="grid min-w-0 flex-1 content-start gap-1.5">
            <div className="flex flex-wrap items-center gap-1.5">
              {item.status === 'replied' ? (
                <Badge variant="success">Replied</Badge>
              ) : (
                <Badge variant="outline">Awaiting review</Badge>
              )}
              {item.unread && (
                <Badge>
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                  New reply
                </Badge>
              )}
            </div>
            <h3 id={headingId} className="min-w-0 font-semibold leading-snug [overflow-wrap:anywhere]">
              <span className="sr-only">{what} posted to </span>
              {item.lesson ? (
                where
              ) : (
                <span className="inline-flex items-center gap-1">
                  <MessagesSquare aria-hidden="true" className="size-4 text-brand" />
                  {where}
                </span>
              )}
            </h3>
            <p className="text-xs text-muted-foreground">
              {what} posted <RelativeTime time={item.createdAt} />
            </p>
            {item.attempt.caption && (
              <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]">{item.attempt.caption}</p>
            )}
          </div>
        </div>
        {item.reply ? (
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
            <p className="text-sm [overflow-wrap:anywhere]">
              <span className="font-semibold">{item.reply.user.name}</span>{' '}
              <span className="text-muted-foreground">
                replied <RelativeTime time={item.reply.createdAt} />
              </span>
              {item.reply.excerpt && (
                <>
                  <span className="sr-only">:</span>
                  <span className="mt-1 block italic">“{item.reply.excerpt}”</span>
                </>
              )}
            </p>
            <Button
              asChild
              size="sm"
              variant={item.unread ? 'default' : 'outline'}
              className="justify-self-start"
            >
              <Link href={href} onClick={() => item.unread && seen.mutate(item.attempt.id)}>
                <MessageSquareReply aria-hidden="true" />
                {item.unread ? 'Read the reply' : 'Open the reply'}
                <span className="sr-only"> in {where}</span>
              </Link>
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            No reply yet: a coach answers in{' '}
            <Link href={href} className="font-semibold text-brand hover:underline">
              {item.lesson ? 'the lesson’s discussion' : 'the community chat'}
            </Link>
            .
          </p>
        )}
      </article>
    </li>
  );
}

/**
 * My attempts (issue 30 part 4): the member's posted attempts, newest first, each with where it was
 * posted, its status and, once a coach replied, the reply's first words and a link to it; a reply not
 * yet opened is marked 'New reply' until the member opens it (here, or by opening the lesson).
 */
export function MyAttempts() {
  const mine = useMyAttempts();
  const items = mine.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = mine.unread;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">My attempts</h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {unread === undefined
            ? 'Loading…'
            : unread === 0
              ? 'Your posted frames, clips and voiceovers, newest first.'
              : `${unread} new ${unread === 1 ? 'reply' : 'replies'} from a coach.`}
        </p>
      </div>
      <ListStatus
        query={mine}
        empty={items.length === 0}
        skeletonClassName="h-32"
        gapClassName="gap-4"
        failed="Your attempts could not be loaded."
        icon={Inbox}
        emptyTitle="No attempts yet"
        emptyText="Analyse a clip of yourself and post the frame back to a lesson or the chat: a coach’s reply shows up here."
      >
        <ul aria-label="My attempts" className="grid gap-3 sm:gap-4">
          {items.map((item) => (
            <MyAttempt key={item.attempt.id} item={item} />
          ))}
        </ul>
      </ListStatus>
      {mine.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={mine.isFetchingNextPage}
          onClick={() => void mine.fetchNextPage()}
        >
          {mine.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
