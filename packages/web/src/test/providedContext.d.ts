import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the real API server started for the web tests ('' when it could not start). */
    apiBaseUrl: string;
    /** Token of an owner account, to arrange cars and bank details through the API. */
    ownerToken: string;
    /** E-mail addresses of a counter agent and a manager of that server; their password is TEST_PASSWORD. */
    agentEmail: string;
    managerEmail: string;
    /** A small PNG the server accepts as a car picture. */
    carImageBase64: string;
    /** The second server, taking cards through the payment sandbox (cardServer.ts), and its owner's token. */
    cardApiBaseUrl: string;
    cardOwnerToken: string;
    /** Why the server could not start, for a clear failure in the tests that need it. */
    apiServerProblem: string;
  }
}
