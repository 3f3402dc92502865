/** A customer's driver details and the company's check of them (vetting). Its face: other features use it through these alone, never through its files. */
export { readDriver, readVetting, writeDriver } from './driverDetails';
