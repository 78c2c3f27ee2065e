import type { AdminMember } from '@common/contracts/admin';

/** The text the copy action puts on the clipboard: who the member is, never a password. */
export function credentialsText(member: Pick<AdminMember, 'name' | 'email'>): string {
  return `${member.name} <${member.email}>`;
}
