import { Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ChangeEmailDialog } from './change-email-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * The Account card at the end of the profile edit page: the member's e-mail address with Change
 * e-mail, and Delete account.
 */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const [changingEmail, setChangingEmail] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Card aria-labelledby="account-title">
      <CardHeader>
        <CardTitle id="account-title">Account</CardTitle>
        <CardDescription>Your sign-in address, and your account itself.</CardDescription>
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
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}
