import { PencilLine, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { AthleticProfileCard } from '../../../components/athletic-profile-card';
import { ProfileHero } from '../../../components/profile-hero';
import { Button } from '../../../components/ui/button';
import { ProfilePictureActions } from './profile-picture-actions';
import { useOwnStreak } from '../api/get-own-streak';
import { PROFILE_EDIT_PATH } from '../../../lib/paths';

/**
 * The signed-in member's own profile page. `adminActions` is what the hosting page adds for admins (the
 * member credentials viewer's button). With no `user` yet, its frame (docs/decisions.md decision 68): the
 * same cards, the member's own lines as placeholders of their size, filled in place once known.
 */
export function ProfileView({ user, adminActions }: { user: CurrentUser | null; adminActions?: ReactNode }) {
  const [, navigate] = useLocation();
  const streak = useOwnStreak(user?.username ?? null);

  return (
    <div className="grid gap-6">
      <ProfileHero
        profile={user}
        streak={streak}
        pictureActions={<ProfilePictureActions hasPicture={user ? user.profilePicture !== null : false} />}
        actions={
          <>
            <Button onClick={() => navigate(PROFILE_EDIT_PATH)}>
              <PencilLine aria-hidden="true" />
              Edit Profile
            </Button>
            <Button variant="outline" onClick={() => navigate('/')}>
              <Users aria-hidden="true" />
              Community
            </Button>
            {user?.isAdmin ? adminActions : null}
          </>
        }
      />
      <AthleticProfileCard profile={user} />
    </div>
  );
}
