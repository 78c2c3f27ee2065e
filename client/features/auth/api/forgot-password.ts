import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ForgotPasswordBody, forgotPasswordResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';

/** `{ ok, message }`: the message is PASSWORD_RESET_SENT, whether or not the address has an account. */
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

/**
 * POST /api/auth/forgot-password `{ email }` → `{ ok, message }`, the same answer for every address;
 * 400 for an invalid address, 429 when this client asked too often.
 */
export function forgotPassword(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return apiJson<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', body);
}

/** Asks for a reset link; the form shows the answer and any error itself. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
