import { Settings } from 'lucide-react';
import { Link } from 'wouter';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useDocumentTitle } from '../../lib/document-title';
import { SETTINGS_PATH } from '../../lib/paths';
import { RequireMember } from '../require-member';

/** /profile/edit : the profile edit form; the e-mail address, password and account live in Settings. */
export default function ProfileEditPage() {
  useDocumentTitle('Edit Profile');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>
        {(user) => (
          <>
            <ProfileEditForm key={user.id} user={user} />
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <Settings aria-hidden="true" className="size-4" />
              Your e-mail address, password and account are in
              <Link
                href={SETTINGS_PATH}
                className="font-semibold text-foreground underline underline-offset-4 hover:text-brand"
              >
                Settings
              </Link>
            </p>
          </>
        )}
      </RequireMember>
    </div>
  );
}
