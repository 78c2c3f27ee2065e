/**
 * The invitation a visitor arrived with (`/join#invite=…`, decision 54), kept for this tab until the
 * registration it is for succeeds: the /join page takes it from the address (which then drops it), the
 * registration sends it as `invite`.
 */
const KEY = 'tribe36.invite';

export function rememberInvite(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the registration goes without it, and the server says so.
  }
}

/** The invitation to register with, or undefined. */
export function currentInvite(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetInvite(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
