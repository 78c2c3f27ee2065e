import { useCallback } from 'react';
import { Redirect, useParams } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { MemberProfileView } from '../../features/members/components/member-profile-view';
import { MemberFrame } from '../require-member';
import { PROFILE_PATH } from '../../lib/paths';

/**
 * /member/:username : another member's profile. Visitors go to /; a member opening their own handle goes
 * to /profile, where they can edit it. The server sends a live session the page's frame
 * (docs/decisions.md decision 75), drawn with no `user` and filled in place once /api/auth/me and the
 * member's profile have answered.
 */
export default function MemberPage() {
  const { username = '' } = useParams<{ username: string }>();
  // One function per member shown: MemberFrame keeps the frame's element while it does not change.
  const page = useCallback(
    (user: CurrentUser | null) =>
      user && user.username.toLowerCase() === username.toLowerCase() ? (
        <Redirect to={PROFILE_PATH} replace />
      ) : (
        <MemberProfileView key={username} username={username} frame={user === null} />
      ),
    [username],
  );
  return <MemberFrame>{page}</MemberFrame>;
}
