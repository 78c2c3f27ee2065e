import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PrivacyLevel } from '@common/constants';
import { MEMBER_PICTURE_ATTRIBUTE } from '@common/member-page-path';
import { MONTH_YEAR, formatDate } from '../lib/date-format';
import { privacyLabel } from '../lib/privacy';
import { Avatar } from './ui/avatar';
import { Badge } from './ui/badge';
import { Card } from './ui/card';
import { TextSkeleton } from './ui/spinner';
import { StreakLabel } from './streak-label';

/** What the top card of a profile shows, common to the own profile and another member's. */
export interface ProfileHeroData {
  name: string;
  username: string;
  profilePicture: string | null;
  isAdmin: boolean;
  privacyLevel: PrivacyLevel | null | undefined;
  createdAt: string;
}

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return formatDate(date, MONTH_YEAR);
}

/**
 * In another member's frame, the slot of their picture (docs/decisions.md decision 75): hidden and
 * without a source as prerendered; the server gives it the picture's URL for a viewer who may see it, so
 * that the browser paints it with the first HTML. React does not compare attributes when it hydrates, so
 * it keeps the server's.
 */
const pictureSlot = { [MEMBER_PICTURE_ATTRIBUTE]: '' };

/**
 * The top card of a profile: banner, avatar (initials fallback), name, @handle, the ACTIVE and ADMIN
 * badges and the privacy label. `pictureActions` sit under the badges, `actions` on the right. With no
 * `profile` (the own profile's frame before /api/auth/me answers, docs/decisions.md decision 68), the same
 * card with a placeholder of the same size in place of each of the member's own lines.
 */
export function ProfileHero({
  profile,
  pictureActions,
  actions,
  pictureSlot: withPictureSlot = false,
  streak,
}: {
  profile: ProfileHeroData | null;
  /** Weeks in a row with an attempt (decision 83), on the badges' line when one or more. */
  streak?: number;
  pictureActions?: ReactNode;
  actions?: ReactNode;
  /** With no `profile`: the circle holds the slot the server fills with the picture (decision 75). */
  pictureSlot?: boolean;
}) {
  const since = profile && memberSince(profile.createdAt);
  return (
    <Card className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="h-24 bg-gradient-to-r from-orange-600 via-red-600 to-zinc-900 sm:h-28"
      />
      <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:justify-between sm:px-6 sm:pb-6">
        <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
          {profile ? (
            <Avatar
              name={profile.name}
              src={profile.profilePicture}
              className="-mt-12 size-24 text-2xl ring-4 ring-card"
            />
          ) : (
            <div
              aria-hidden="true"
              className="relative -mt-12 size-24 shrink-0 overflow-hidden rounded-full bg-muted ring-4 ring-card"
            >
              {withPictureSlot ? (
                <img {...pictureSlot} hidden alt="" className="aspect-square size-full object-cover" />
              ) : null}
            </div>
          )}
          <div className="grid min-w-0 gap-1.5 sm:pt-3">
            <h2 className="font-display text-2xl font-black leading-tight break-words sm:text-3xl">
              {profile ? profile.name : <TextSkeleton className="w-48" />}
            </h2>
            <p className="text-sm text-muted-foreground break-words">
              {profile ? `@${profile.username}` : <TextSkeleton className="w-56" />}
            </p>
            {/* A line of its own, in the frame too (decision 68): beside the handle it wrapped on a phone
                once the member's data came, and moved the cards below. */}
            {since || !profile ? (
              <p className="text-sm text-muted-foreground">
                {since ? `Member since ${since}` : <TextSkeleton className="w-40" />}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="success">ACTIVE</Badge>
              {profile?.isAdmin ? <Badge>ADMIN</Badge> : null}
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <Eye aria-hidden="true" className="size-3.5" />
                {profile ? privacyLabel(profile.privacyLevel) : <TextSkeleton className="w-24" />}
              </span>
              {profile && streak ? <StreakLabel weeks={streak} /> : null}
            </div>
            {pictureActions ? <div className="mt-1 flex flex-wrap gap-2">{pictureActions}</div> : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
      </div>
    </Card>
  );
}
