/** The counter: handing the keys over and taking them back, damages, and the overdue alerts. Its face: other features use it through these alone, never through its files. */
export { isOverdue } from './desk';
export { sweepCounter } from './overdue';
export { remakePapersWithoutRenter } from './erasedPapers';
