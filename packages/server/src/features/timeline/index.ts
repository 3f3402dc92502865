/** The fleet timeline and the day's pickups and returns. Its face: other features use it through these alone, never through its files. */
export { todaysMovements } from './today';
