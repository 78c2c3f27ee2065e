import { AccountSettings } from '../../features/auth/components/account-settings';
import { ThemeSettings } from '../../features/settings/components/theme-settings';
import { BlockedMembers } from '../../features/settings/components/blocked-members';
import { NotificationSettings } from '../../features/settings/components/notification-settings';
import { PushSettings } from '../../features/settings/components/push-settings';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/**
 * /settings, from the user menu's Settings: the theme, notifications per kind and channel (decision 60), push notifications on this device (decision 61),
 * then the Account card (e-mail address, password, deleting the account), then the members they block
 * (decision 55).
 */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>
        {(user) => (
          <>
            <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Settings</h2>
            <ThemeSettings />
            <NotificationSettings />
            <PushSettings />
            <AccountSettings key={`account-${user.id}`} user={user} />
            <BlockedMembers />
          </>
        )}
      </RequireMember>
    </div>
  );
}
