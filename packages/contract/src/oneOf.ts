/**
 * Whether a value is one of a list's words (a status, a role, a kind): checked, so the value is
 * then typed as one of them, where `list.includes(value)` on a list of literals would need a cast.
 */
export function isOneOf<const T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return list.some((item) => item === value);
}
