/**
 * Starts the REAL API server (in-memory PGlite, or TEST_DATABASE_URL like the server's own suite)
 * once for the web tests, on a free port, with an owner account to arrange data through the API.
 * The web tests never fake the API.
 */
import type { TestProject } from 'vitest/node';

// Loaded by path so the web app's type check does not walk into the server's Node-only code.
const SERVER_TEST_HELPERS = new URL('../../../server/test/helpers.ts', import.meta.url).href;
const SHARP = 'sharp';

type Closable = { close(): Promise<void> };

let server: Closable | undefined;
let cardServer: Closable | undefined;

export default async function setup(project: TestProject) {
  try {
    const helpers = await import(/* @vite-ignore */ SERVER_TEST_HELPERS);
    const testApp = await helpers.createTestApp();
    // createOwner logs in again after the promotion, as the owner would: its token is a live session.
    const owner: { token: string } = await helpers.createOwner(testApp.app, { name: 'Test Owner' });
    // Staff of the two other kinds, to log in through the forms (password TEST_PASSWORD).
    const agent: { user: { email: string } } = await helpers.createStaff(testApp.app, 'agent', { name: 'Test Agent' });
    const manager: { user: { email: string } } = await helpers.createStaff(testApp.app, 'manager', { name: 'Test Manager' });
    const address: string = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    server = testApp;

    // A real picture for cars added in tests: the server checks uploads really are images.
    const sharp = (await import(/* @vite-ignore */ SHARP)).default;
    const png: Uint8Array = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();

    // A second server that takes cards through the local payment sandbox, for the card payment tests
    // alone (cardServer.ts): on the first one no attempt is ever opened, and other files count on that.
    const cardApp = await helpers.createTestApp({ config: { paymentProvider: 'sandbox', host: '127.0.0.1' } });
    cardServer = cardApp;
    const cardOwner: { token: string } = await helpers.createOwner(cardApp.app, { name: 'Card Owner' });
    project.provide('cardApiBaseUrl', await cardApp.app.listen({ port: 0, host: '127.0.0.1' }));
    project.provide('cardOwnerToken', cardOwner.token);

    project.provide('apiBaseUrl', address);
    project.provide('ownerToken', owner.token);
    project.provide('agentEmail', agent.user.email);
    project.provide('managerEmail', manager.user.email);
    project.provide('carImageBase64', btoa(String.fromCharCode(...png)));
    project.provide('apiServerProblem', '');
  } catch (error) {
    // Pure UI tests still run; the tests that need data fail with this reason.
    project.provide('apiBaseUrl', '');
    project.provide('ownerToken', '');
    project.provide('agentEmail', '');
    project.provide('managerEmail', '');
    project.provide('cardApiBaseUrl', '');
    project.provide('cardOwnerToken', '');
    project.provide('carImageBase64', '');
    project.provide('apiServerProblem', error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  return async () => {
    await cardServer?.close();
    await server?.close();
  };
}
