/**
 * Where a page sends the person back to: the page of this site that sent them (history state
 * `from`), never another site; '/' when none did.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}
