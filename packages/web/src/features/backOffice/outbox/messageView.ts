/** Pure helpers of the outbox's message view (OutboxMessageView.tsx). */

/**
 * The message's HTML as the frame's document: the recipient's view, with nothing able to run or
 * reach out (a policy that allows no script, no form and only pictures from the web), and its
 * links opening in a new tab rather than inside the frame.
 */
export function frameDocument(html: string): string {
  const head = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; form-action 'none'"><base target="_blank">`;
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (tag) => `${tag}${head}`);
  if (/<html[^>]*>/i.test(html)) return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${head}</head>`);
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}

/** "12 KB", "1.4 MB": a file's size as people read it. */
export function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What kind of message it is, in words ("pickup_reminder" → "Pickup reminder"). */
export function kindWords(kind: string): string {
  const words = kind.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Message';
}
