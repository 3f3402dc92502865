/** Reminders the clock writes into the outbox. Its face: other features use it through these alone, never through its files. */
export { sweepReminders } from './sweep';
