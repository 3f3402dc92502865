/** A customer's driver details and the company's check of them (vetting). Its face: other features use it through these alone, never through its files. */
export { readDriver, readVetting, writeDriver } from './driverDetails';
/** Keeping a customer's file (a deposit slip too): the cleaning, the quota, the privacy of documents.ts. */
export { addDocument, checkRoomFor, cleanDocument, documentStorage, type SlipKeeping } from './documents';
