import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import type { CurrentUser } from '@common/contracts/auth';
import { Button } from '../../../components/ui/button';
import { TextSkeleton } from '../../../components/ui/spinner';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { resendConfirmation } from '../api/confirm-email';

/**
 * A quiet note on the member's profile until their e-mail address is confirmed, with Resend for a
 * link that went missing or expired. With no `user`, the note of the profile's frame for a member the
 * server knows is unconfirmed (docs/decisions.md decision 68), the address a placeholder.
 */
export function EmailConfirmationBanner({ user }: { user: CurrentUser | null }) {
  const resend = useMutation({
    mutationFn: resendConfirmation,
    onSuccess: () =>
      toast({
        title: 'Confirmation e-mail sent',
        description: user ? `Check the inbox of ${user.email}.` : 'Check your inbox.',
      }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Could not send the e-mail. Please try again.',
        variant: 'destructive',
      }),
  });
  if (user?.emailConfirmed) return null;
  return (
    <section
      aria-label="E-mail confirmation"
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm sm:flex-row sm:items-center"
    >
      <MailCheck aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <p className="min-w-0 flex-1 break-words">
        Confirm your e-mail address: we sent a link to{' '}
        {user ? <strong>{user.email}</strong> : <TextSkeleton className="w-48" />}.
      </p>
      <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
    </section>
  );
}
