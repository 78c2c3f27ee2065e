import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { RequireMember } from '../require-member';

/** /profile/edit : the profile edit form. */
export default function ProfileEditPage() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <RequireMember>{(user) => <ProfileEditForm key={user.id} user={user} />}</RequireMember>
    </div>
  );
}
