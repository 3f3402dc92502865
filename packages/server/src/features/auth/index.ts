/** The accounts feature: registering, logging in, sessions and password resets. Its face: other features use it through these alone, never through its files. */
export { hashResetToken } from './passwordReset';
export { signSessionToken } from './sessionTokens';
