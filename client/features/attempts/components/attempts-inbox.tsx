import { Inbox, MessageSquareReply, MessagesSquare } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { CHAT_MESSAGE_MAX_LENGTH } from '@common/constants';
import type { AttemptInboxItem, AttemptsReviewStatus } from '@common/contracts/attempts';
import { formatAngle } from '@common/geometry';
import { MessageAuthor, MessageAvatar } from '../../../components/message-author';
import { PhotoThumbnail } from '../../../components/photo-thumbnail';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListStatus } from '../../../components/list-status';
import { Textarea } from '../../../components/ui/textarea';
import { VoiceoverPlayer } from '../../../components/voiceover-player';
import { serverErrorMessage } from '../../../lib/api-error';
import { memberHref } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAttemptsReview } from '../api/get-attempts-review';
import { useReplyToAttempt } from '../api/reply-to-attempt';

/** Where the attempt was posted, as a link to that thread: '203 · Systems Theory' or 'Community chat'. */
function PostedIn({ item }: { item: AttemptInboxItem }) {
  if (!item.lesson) {
    return (
      <Link
        href="/"
        className="inline-flex items-center gap-1 text-xs font-semibold text-brand hover:underline"
      >
        <MessagesSquare aria-hidden="true" className="size-3.5" />
        Community chat
      </Link>
    );
  }
  const { thinkTank, topic, lesson, title } = item.lesson;
  const href =
    topic === 'main' && lesson === 'main'
      ? `/think-tanks/${thinkTank}`
      : `/think-tanks/${thinkTank}/${topic}/${lesson}`;
  return (
    <Link href={href} className="text-xs font-semibold text-brand hover:underline">
      {title}
    </Link>
  );
}

/** The clip (with the frame as its poster), or the frame alone, or the voiceover's screen. */
function AttemptMedia({ item }: { item: AttemptInboxItem }) {
  const { attempt, member } = item;
  if (attempt.clipUrl) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        src={attempt.clipUrl}
        poster={attempt.imageUrl ?? undefined}
        aria-label={`Clip of the attempt by ${member.name}`}
        className="aspect-video w-full rounded-lg border bg-black object-contain"
      />
    );
  }
  if (attempt.voiceover) {
    // One player with the member's voice, an older recording's voice kept in step (decision 48).
    return (
      <VoiceoverPlayer
        screenUrl={attempt.voiceover.screenUrl}
        audioUrl={attempt.voiceover.audioUrl}
        screenHasAudio={attempt.voiceover.screenHasAudio}
        label={`Voiceover by ${member.name}`}
        className="aspect-video w-full rounded-lg border bg-black object-contain"
      />
    );
  }
  if (attempt.imageUrl) {
    return (
      <div className="grid aspect-video w-full place-items-center overflow-hidden rounded-lg border bg-black">
        <img
          src={attempt.imageUrl}
          alt={`Attempt by ${member.name}`}
          className="max-h-full max-w-full object-contain"
        />
      </div>
    );
  }
  return <p className="text-sm italic text-muted-foreground">Its files were deleted.</p>;
}

function ReplyBox({ item, onSent }: { item: AttemptInboxItem; onSent: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const reply = useReplyToAttempt();
  const where = item.lesson ? `the discussion of ${item.lesson.title}` : 'the community chat';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || reply.isPending) return;
    reply.mutate(
      { item, text: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Reply sent', description: `Posted in ${where}.` });
          onSent();
        },
        onError: (error) =>
          toast({
            title: 'Reply not sent',
            description: serverErrorMessage(error) ?? 'Check your connection and try again.',
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Reply to {item.member.name}
      </label>
      <Textarea
        id={id}
        value={text}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
        }}
        placeholder="What to keep, what to change…"
        rows={3}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">Posted in {where}</span>
        <Button type="submit" size="sm" disabled={!text.trim() || reply.isPending}>
          <MessageSquareReply aria-hidden="true" />
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

function InboxItem({
  item,
  status,
  onSent,
}: {
  item: AttemptInboxItem;
  status: AttemptsReviewStatus;
  onSent: () => void;
}) {
  const { attempt, member } = item;
  const href = memberHref(member.username);
  const headingId = useId();
  return (
    <li data-attempt-id={attempt.id}>
      <article
        aria-labelledby={headingId}
        className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] dark:shadow-black/40"
      >
        <AttemptMedia item={item} />
        <div className="grid content-start gap-3">
          <div className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 gap-y-1">
            <MessageAvatar name={member.name} src={member.profilePicture} href={href} />
            <div className="grid min-w-0 gap-0.5">
              <h3 id={headingId} className="sr-only">
                Attempt by {member.name}
              </h3>
              <MessageAuthor name={member.name} href={href} mine={false} time={item.createdAt} />
              <PostedIn item={item} />
            </div>
          </div>
          {attempt.caption && <p className="text-sm [overflow-wrap:anywhere]">{attempt.caption}</p>}
          {(attempt.angles.length > 0 || (attempt.clipUrl && attempt.imageUrl)) && (
            <div className="flex flex-wrap items-center gap-1.5">
              {attempt.clipUrl && attempt.imageUrl && (
                <PhotoThumbnail
                  src={attempt.imageUrl}
                  alt={`Frame by ${member.name}`}
                  openLabel="Open frame"
                  whole
                />
              )}
              {attempt.angles.map((a, i) => (
                <span
                  key={i}
                  className="rounded-md border border-yellow-400/40 bg-yellow-400/10 px-2 py-0.5 text-xs font-semibold tabular-nums"
                >
                  {a.label}: {formatAngle(a.degrees)}°
                </span>
              ))}
            </div>
          )}
          {status === 'awaiting' ? (
            <ReplyBox item={item} onSent={onSent} />
          ) : (
            <Badge variant="success" className="justify-self-start">
              Replied
            </Badge>
          )}
        </div>
      </article>
    </li>
  );
}

const STATUS_LABELS: Record<AttemptsReviewStatus, string> = {
  awaiting: 'Awaiting reply',
  replied: 'Replied',
};

/**
 * The coaches' inbox (issue 30): every attempt no admin has answered, oldest first, each playing its
 * clip (the frame as poster) beside a reply box; a reply goes where it counts (the lesson's discussion,
 * or the chat as a reply to the attempt) and takes the attempt off. 'Replied' lists the answered ones.
 */
export function AttemptsInbox() {
  const [status, setStatus] = useState<AttemptsReviewStatus>('awaiting');
  const review = useAttemptsReview(status);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const items = review.data?.pages.flatMap((p) => p.items) ?? [];
  const awaiting = review.data?.pages[0]?.awaiting;
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Attempts to review</h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {awaiting === undefined
              ? 'Loading…'
              : awaiting === 0
                ? 'No attempt is waiting for a reply.'
                : `${awaiting} ${awaiting === 1 ? 'attempt awaits' : 'attempts await'} your reply, oldest first.`}
          </p>
        </div>
        <div role="group" aria-label="Show" className="inline-flex rounded-lg border bg-card p-1">
          {(['awaiting', 'replied'] as const).map((s) => (
            <Button
              key={s}
              size="sm"
              variant={status === s ? 'default' : 'ghost'}
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
            >
              {STATUS_LABELS[s]}
            </Button>
          ))}
        </div>
      </div>
      <h3 ref={listHeading} tabIndex={-1} className="sr-only">
        {STATUS_LABELS[status]}
      </h3>
      <ListStatus
        query={review}
        empty={items.length === 0}
        skeletonClassName="h-56"
        gapClassName="gap-4"
        failed="The attempts could not be loaded."
        icon={Inbox}
        emptyTitle={status === 'awaiting' ? 'All caught up' : 'No replied attempts yet'}
        emptyText={
          status === 'awaiting'
            ? 'New attempts from members appear here, oldest first.'
            : 'Attempts you and the other coaches answered appear here, newest first.'
        }
      >
        <ul aria-label={STATUS_LABELS[status]} className={cn('grid gap-4')}>
          {items.map((item) => (
            <InboxItem
              key={item.attempt.id}
              item={item}
              status={status}
              onSent={() => listHeading.current?.focus()}
            />
          ))}
        </ul>
      </ListStatus>
      {review.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={review.isFetchingNextPage}
          onClick={() => void review.fetchNextPage()}
        >
          {review.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
