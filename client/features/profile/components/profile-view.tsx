import { Eye, PencilLine, Users } from 'lucide-react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { privacyLabel } from '../../../lib/privacy';
import { AthleticProfileCard } from './athletic-profile-card';

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}

/** The signed-in member's own profile page. */
export function ProfileView({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const since = memberSince(user.createdAt);

  return (
    <div className="grid gap-6">
      <Card className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="h-24 bg-gradient-to-r from-orange-600 via-red-600 to-zinc-900 sm:h-28"
        />
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:justify-between sm:px-6 sm:pb-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
            <Avatar
              name={user.name}
              src={user.profilePicture}
              className="-mt-12 size-24 text-2xl ring-4 ring-card"
            />
            <div className="grid gap-1.5 sm:pt-3">
              <h2 className="font-display text-2xl font-black leading-tight break-words sm:text-3xl">
                {user.name}
              </h2>
              <p className="text-sm text-muted-foreground">
                @{user.username}
                {since ? <span> · Member since {since}</span> : null}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="success">ACTIVE</Badge>
                {user.isAdmin ? <Badge>ADMIN</Badge> : null}
                <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                  <Eye aria-hidden="true" className="size-3.5" />
                  {privacyLabel(user.privacyLevel)}
                </span>
              </div>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => navigate('/profile/edit')}>
              <PencilLine aria-hidden="true" />
              Edit Profile
            </Button>
            <Button variant="outline" onClick={() => navigate('/')}>
              <Users aria-hidden="true" />
              Community
            </Button>
          </div>
        </div>
      </Card>
      <AthleticProfileCard user={user} />
    </div>
  );
}
