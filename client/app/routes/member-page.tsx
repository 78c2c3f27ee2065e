import { Redirect, useParams } from 'wouter';
import { MemberProfileView } from '../../features/members/components/member-profile-view';
import { RequireMember } from '../require-member';
import { PROFILE_PATH } from '../../lib/paths';

/**
 * /member/:username : another member's profile. Visitors go to /; a member opening their own handle goes
 * to /profile, where they can edit it.
 */
export default function MemberPage() {
  const { username = '' } = useParams<{ username: string }>();
  return (
    <RequireMember>
      {(user) =>
        user.username.toLowerCase() === username.toLowerCase() ? (
          <Redirect to={PROFILE_PATH} replace />
        ) : (
          <MemberProfileView key={username} username={username} />
        )
      }
    </RequireMember>
  );
}
