/**
 * The sandbox's test numbers, like the payment sandbox's test cards (shown on its page, in the demo's log
 * and in the README): numbers that make it misbehave on purpose; any other number gets every status in order.
 */
export const SANDBOX_TEST_NUMBERS = {
  /** Every send refused at once, on both channels (WhatsApp 400 code 131026, Twilio 400 code 21614): a permanent error. */
  unreachable: '+18765550199',
  /** Not on WhatsApp: taken, then a "failed" status (131026); SMS to it is delivered. For falling back to SMS. */
  notOnWhatsApp: '+18765550198',
  /** The provider is down: every send answers 503, a retryable error. */
  providerDown: '+18765550197',
  /** Every status sent twice and out of order: read before delivered, delivered before sent. */
  disorder: '+18765550196',
  /** Its statuses wait until released (the page's button, or release()). */
  held: '+18765550195',
  /** Taken on both channels, then failed: WhatsApp 131026, SMS undelivered 30003. For falling back to e-mail. */
  undeliverable: '+18765550194',
} as const;

/** What each test number does, in the words of the page and the demo's log. */
export const SANDBOX_TEST_NUMBER_WORDS: Record<keyof typeof SANDBOX_TEST_NUMBERS, string> = {
  unreachable: 'every send refused at once on both channels, a permanent error',
  notOnWhatsApp: 'not on WhatsApp: taken, then a failed status; SMS to it is delivered',
  providerDown: 'the provider is down: every send answers 503, try again later',
  disorder: 'every status twice and out of order, read before delivered',
  held: 'statuses wait until "Release held statuses"',
  undeliverable: 'taken on both channels, then a failed status',
};

/** The test numbers with their words, in order: for the page, the demo's log and the README. */
export const SANDBOX_TEST_NUMBER_LIST: ReadonlyArray<{ number: string; result: string }> = Object.entries(SANDBOX_TEST_NUMBERS).map(([key, number]) => ({
  number,
  result: SANDBOX_TEST_NUMBER_WORDS[key as keyof typeof SANDBOX_TEST_NUMBERS],
}));
