/** The fleet cache: answers about the fleet kept per fleet version and day (decision 070). Its face: other features use it through these alone, never through its files. */
export { answerJson } from './answerJson';
export { AnswerCache, type EncodedAnswer, sendEncoded } from './encodedAnswers';
export { answerKeys } from './fleetCache';
export { type FleetVersion } from './fleetVersion';
