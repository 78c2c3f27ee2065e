/** Public handles (docs/decisions.md decision 9): lower-case letters, digits and single dashes. */
export const HANDLE_MAX_LENGTH = 30;
export const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The handle made from an e-mail's local part: `zelda.qb@x.com` → `zelda-qb`. */
export function handleBase(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@') >= 0 ? email.lastIndexOf('@') : undefined);
  const base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH)
    .replace(/-+$/g, '');
  return base || 'member';
}

/** The first free handle: base, then base-2, base-3, … */
export function nextFreeHandle(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
