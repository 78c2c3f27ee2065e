import { AccountSettings } from '../../features/auth/components/account-settings';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/** /profile/edit : the profile edit form, then the Account card (e-mail address, delete account). */
export default function ProfileEditPage() {
  useDocumentTitle('Edit Profile');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>
        {(user) => (
          <>
            <ProfileEditForm key={user.id} user={user} />
            <AccountSettings key={`account-${user.id}`} user={user} />
          </>
        )}
      </RequireMember>
    </div>
  );
}
