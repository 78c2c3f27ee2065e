/**
 * What the forgotten-password view's e-mail field starts with: the text typed in the login form's
 * Username field when it is an address (has an '@'), trimmed; '' otherwise (a handle is no address).
 */
export function emailFromLoginField(username: string): string {
  const typed = username.trim();
  return typed.includes('@') ? typed : '';
}
