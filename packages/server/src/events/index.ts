/** What happened: features record events here; reactions (letters) are made from them. */
export { createEventLog, type EventLog, type Reaction, type RecordedEvent } from './eventLog';
