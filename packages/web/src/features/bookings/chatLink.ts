/**
 * The company's chat link (a WhatsApp "wa.me" address in company settings) with a first message
 * already typed, so staff see at once which booking the customer is writing about.
 */
export function chatLinkWithText(chatUrl: string, text: string): string {
  try {
    const url = new URL(chatUrl);
    url.searchParams.set('text', text);
    return url.toString();
  } catch {
    return chatUrl;
  }
}

export function bookingChatText(reference: string): string {
  return `Hello, I am writing about my booking ${reference}.`;
}
