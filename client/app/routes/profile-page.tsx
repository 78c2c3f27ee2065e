import { ProfileView } from '../../features/profile/components/profile-view';
import { RequireMember } from '../require-member';

/** /profile : the member's own profile. */
export default function ProfilePage() {
  return <RequireMember>{(user) => <ProfileView user={user} />}</RequireMember>;
}
