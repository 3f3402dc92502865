/**
 * Where a page sends the person back to: the page of this site that sent them (history state
 * `from`), never another site; '/' when none did.
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** What that page had chosen (e.g. the payment method), handed back to it after the login. */
export function returnState(state: unknown): unknown {
  return (typeof state === 'object' && state !== null && 'fromState' in state ? state.fromState : null) ?? null;
}
