import { KeyRound, Mail, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordSettingsDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * The Account card of Settings: the member's e-mail address with Change e-mail, Change password, and
 * Delete account.
 */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const titleId = useId();
  const [changingEmail, setChangingEmail] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Account
        </h3>
        <CardDescription>Your sign-in address and password, and your account itself.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="flex items-center gap-2 text-sm font-medium">
              E-mail
              {user.emailConfirmed ? (
                <Badge variant="success">Confirmed</Badge>
              ) : (
                <Badge variant="outline">Not confirmed</Badge>
              )}
            </p>
            <p className="flex min-w-0 items-start gap-2 text-sm">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 break-all">{user.email}</span>
            </p>
          </div>
          <Button variant="outline" className="sm:self-center" onClick={() => setChangingEmail(true)}>
            Change e-mail
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center">
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="text-sm font-medium">Password</p>
            <p className="text-sm text-muted-foreground">
              Changing it signs out every other device signed in to your account.
            </p>
          </div>
          <Button variant="outline" className="sm:self-center" onClick={() => setChangingPassword(true)}>
            <KeyRound aria-hidden="true" />
            Change password
          </Button>
        </div>
        <div className="flex flex-col gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 sm:flex-row sm:items-center">
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="text-sm font-bold">Delete account</p>
            <p className="text-sm text-muted-foreground">
              Removes your profile, picture and recordings for good. Your messages stay, without your name.
            </p>
          </div>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete account
          </Button>
        </div>
      </CardContent>
      <ChangeEmailDialog open={changingEmail} onOpenChange={setChangingEmail} currentEmail={user.email} />
      <ChangePasswordSettingsDialog open={changingPassword} onOpenChange={setChangingPassword} />
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}
