import { Flame, Trophy } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { LeaderboardMe, LeaderboardResponse, LeaderboardRow } from '@common/contracts/leaderboard';
import {
  LEADERBOARD_PERIODS,
  POINTS_SENTENCE,
  type LeaderboardPeriod,
} from '@common/contracts/leaderboard-values';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { serverErrorMessage } from '../../../lib/api-error';
import { memberPath } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { useLeaderboard } from '../api/get-leaderboard';

const LABELS: Record<LeaderboardPeriod, string> = { week: 'Week', month: 'Month', all: 'All time' };
const EMPTY: Record<LeaderboardPeriod, string> = {
  week: 'No points yet this week.',
  month: 'No points yet this month.',
  all: 'No points yet.',
};

/** "Resets Mon 21 Dec, 00:00 (Europe/Paris)" in the community's zone. */
function resetText(board: LeaderboardResponse): string | null {
  if (!board.resetsAt) return null;
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: board.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(board.resetsAt));
  return `Resets ${when} (${board.timeZone})`;
}

/** The streak in weeks; on a phone the word is left to screen readers (the column says Streak). */
function Streak({ weeks, compact = false }: { weeks: number; compact?: boolean }) {
  if (weeks < 1) return <span className="text-muted-foreground">–</span>;
  const unit = weeks === 1 ? 'week' : 'weeks';
  return (
    <span className="inline-flex items-center justify-end gap-1">
      <Flame aria-hidden="true" className="size-4 shrink-0 text-orange-600 dark:text-orange-400" />
      <span>{weeks}</span>
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{` ${unit}`}</span>
    </span>
  );
}

function Row({ row, own }: { row: LeaderboardRow; own: boolean }) {
  return (
    <tr className={cn('border-t', own && 'bg-brand/10')}>
      <td className="py-2 pr-2 pl-3 text-right font-display text-lg font-black tabular-nums sm:pl-4">
        {row.rank}
      </td>
      <td className="min-w-0 py-2 pr-2">
        <span className="flex min-w-0 items-center gap-2">
          <Avatar name={row.name} src={row.profilePicture} decorative className="size-8 text-xs" />
          <span className="grid min-w-0">
            <Link
              href={memberPath(row.username)}
              className="truncate font-semibold underline-offset-4 hover:underline focus-visible:underline"
            >
              {row.name}
            </Link>
            <span className="truncate text-xs text-muted-foreground">
              @{row.username}
              {own ? ' · You' : ''}
            </span>
          </span>
        </span>
      </td>
      <td className="py-2 pr-2 text-right font-semibold tabular-nums">{row.points}</td>
      <td className="py-2 pr-3 text-right text-sm whitespace-nowrap sm:pr-4">
        <Streak weeks={row.streak} compact />
      </td>
    </tr>
  );
}

/** The viewer's own standing, pinned under the list when their row is not in it. */
function OwnStanding({ me }: { me: LeaderboardMe }) {
  const rank = me.rank === null ? 'Not ranked yet' : `Your rank: ${me.rank}`;
  return (
    <div className="grid gap-1 rounded-lg border border-brand/40 bg-brand/5 p-3 text-sm" data-own-standing="">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{rank}</span>
        <span className="tabular-nums">
          {me.points} {me.points === 1 ? 'point' : 'points'}
        </span>
        <Streak weeks={me.streak} />
      </p>
      {!me.listed ? (
        <p className="text-xs text-muted-foreground">
          Your profile is private: only you see your rank; other members do not see you on the board.
        </p>
      ) : me.rank === null ? (
        <p className="text-xs text-muted-foreground">
          Finish a lesson or post an attempt to get on the board.
        </p>
      ) : null}
    </div>
  );
}

function Board({ period, username }: { period: LeaderboardPeriod; username: string }) {
  const captionId = useId();
  const board = useLeaderboard(period);
  if (board.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
        <span className="sr-only">Loading the board</span>
      </div>
    );
  }
  if (board.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {serverErrorMessage(board.error) ?? 'The board could not be loaded.'}
      </p>
    );
  }
  const data = board.data;
  const ownInList = data.rows.some((r) => r.username === username);
  const reset = resetText(data);
  return (
    <div className="grid gap-3">
      {data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{EMPTY[period]}</p>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:-mx-6">
          <table className="w-full table-fixed border-collapse text-sm" aria-describedby={captionId}>
            <caption id={captionId} className="sr-only">
              {`${LABELS[period]}: the top ${data.rows.length}`}
            </caption>
            <colgroup>
              <col className="w-12 sm:w-14" />
              <col />
              <col className="w-14 sm:w-16" />
              <col className="w-16 sm:w-24" />
            </colgroup>
            <thead>
              <tr className="text-xs text-muted-foreground">
                <th scope="col" className="py-1 pr-2 pl-3 text-right font-medium sm:pl-4">
                  Rank
                </th>
                <th scope="col" className="py-1 pr-2 text-left font-medium">
                  Member
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Points
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium sm:pr-4">
                  Streak
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <Row key={row.username} row={row} own={row.username === username} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.me && !ownInList ? <OwnStanding me={data.me} /> : null}
      {reset ? <p className="text-xs text-muted-foreground">{reset}</p> : null}
    </div>
  );
}

/**
 * The leaderboard (issue 34 §3, decision 83): Week, Month and All time as tabs (arrow keys move between
 * them), the top 20 with rank, picture, name (to their page), points and streak, and the viewer's own
 * standing pinned under it when they are not among them.
 */
export function LeaderboardBoard({ username }: { username: string }) {
  const headingId = useId();
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  return (
    <Card aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2
          id={headingId}
          className="flex items-center gap-2 font-display text-2xl font-black tracking-tight sm:text-3xl"
        >
          <Trophy aria-hidden="true" className="size-6 shrink-0 text-brand" />
          Leaderboard
        </h2>
        <p className="text-sm text-muted-foreground">{POINTS_SENTENCE}</p>
      </div>
      <Tabs.Root
        value={period}
        onValueChange={(v) => setPeriod(LEADERBOARD_PERIODS.find((p) => p === v) ?? 'week')}
        className="grid gap-4"
      >
        <Tabs.List aria-label="Period" className="inline-flex w-fit rounded-lg border bg-muted p-1">
          {LEADERBOARD_PERIODS.map((p) => (
            <Tabs.Trigger
              key={p}
              value={p}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {LABELS[p]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LEADERBOARD_PERIODS.map((p) => (
          <Tabs.Content key={p} value={p} className="focus-visible:outline-2 focus-visible:outline-ring">
            {p === period ? <Board period={p} username={username} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}
