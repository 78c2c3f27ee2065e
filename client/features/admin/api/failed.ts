import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';

/** A failed admin mutation's toast: `title`, and the server's sentence. */
export const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverErrorMessage(error) ?? 'Try again', variant: 'destructive' });
