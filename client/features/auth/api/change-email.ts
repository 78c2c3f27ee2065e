import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, ChangeEmailResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';

/**
 * POST /api/auth/change-email `{ email, password }` → `{ ok, pendingEmail }`: a link goes to the new
 * address (the address changes when it is opened, on /confirm-email) and a notice to the current one.
 * 401 for a wrong password, 400 for the same address, 409 for one another account has, 429.
 */
export function changeEmail(body: ChangeEmailBody): Promise<ChangeEmailResponse> {
  return apiJson<ChangeEmailResponse>('POST', '/api/auth/change-email', body);
}

/** Asks for the change; the dialog shows the answer and any error itself. */
export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
