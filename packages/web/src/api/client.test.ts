import { createApiClient } from '@rental/contract/client';
import { MESSAGES } from '@rental/contract/messages';
import { describe, expect, it } from 'vitest';
import { registerCustomer, serverUrl } from '../test/api';
import { ApiError, callApi, errorMessage, NETWORK_ERROR_MESSAGE } from './client';

// A variable, so the browser code's type check does not look for Node's types.
const NODE_NET = 'node:net';

/** An address where nothing listens: a port the system just gave out and took back. */
async function closedAddress(): Promise<string> {
  const net = (await import(/* @vite-ignore */ NODE_NET)) as {
    createServer(): { listen(port: number, host: string, done: () => void): void; address(): { port: number }; close(done: () => void): void };
  };
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise<void>((done) => server.close(done));
  return `http://127.0.0.1:${port}`;
}

const UNKNOWN_CAR = '00000000-0000-4000-8000-000000000000';

describe("the contract's client of the API", () => {
  it("answers a car that does not exist with the server's sentence and its 404", async () => {
    const failure = await createApiClient({ baseUrl: serverUrl() })
      .call('car', { params: { id: UNKNOWN_CAR } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: MESSAGES.carNotFound, fromServer: true, endpoint: 'car' });
    // What a customer is told is the server's sentence, not the page's fallback.
    expect(errorMessage(failure, MESSAGES.errorFetchingCar)).toBe(MESSAGES.carNotFound);
  });

  it("is the web app's client too, and calls with a session's token", async () => {
    await expect(callApi('car', { params: { id: UNKNOWN_CAR } })).rejects.toMatchObject({ status: 404, message: MESSAGES.carNotFound });
    const customer = await registerCustomer('Keisha Brown');
    const { user } = await createApiClient({ baseUrl: serverUrl() }).withToken(customer.token).call('userData');
    expect(user).toMatchObject({ name: 'Keisha Brown', email: customer.email });
  });

  it('says only that the server cannot be reached when nothing answers', async () => {
    const failure = await createApiClient({ baseUrl: await closedAddress() })
      .call('cars')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, fromServer: false });
    expect(errorMessage(failure, MESSAGES.errorFetchingCar)).toBe(MESSAGES.errorFetchingCar);
  });
});
