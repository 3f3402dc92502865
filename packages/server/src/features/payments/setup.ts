/** The provider the settings choose (PAYMENT_PROVIDER): none, WiPay, or WiPay's protocol against the local sandbox. */
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './provider';
import { SANDBOX_ACCOUNT_NUMBER, SANDBOX_API_KEY, SANDBOX_TEST_CARDS, startPaymentSandbox } from './sandbox/server';
import { createWipayProvider } from './wipay';

/** The host a browser uses for the sandbox's page: the site's public host, or this machine. */
function sandboxPublicHost(config: FastifyInstance['config']): string {
  if (config.publicUrl) return new URL(config.publicUrl).hostname;
  return config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
}

export async function providerFromConfig(app: FastifyInstance): Promise<PaymentProvider | undefined> {
  const { config } = app;
  if (config.paymentProvider === 'none') return undefined;
  if (config.paymentProvider === 'wipay') {
    const wipay = config.wipay!;
    app.log.info(
      `Card payments: WiPay at ${wipay.url} (${wipay.environment === 'live' ? 'live: real cards are charged' : 'its sandbox environment: no money moves'})`,
    );
    return createWipayProvider({ name: 'wipay', ...wipay });
  }
  const sandbox = await startPaymentSandbox({ port: config.paymentSandboxPort ?? 0, host: config.host, publicHost: sandboxPublicHost(config) });
  app.addHook('onClose', () => sandbox.close());
  const cards = SANDBOX_TEST_CARDS.map((card) => `${card.number} (${card.result})`).join(', ');
  app.log.info(`Card payments: the local payment sandbox on port ${sandbox.port}, no real card is charged. Test cards: ${cards}; any future expiry, any CVC.`);
  return createWipayProvider({ name: 'sandbox', accountNumber: SANDBOX_ACCOUNT_NUMBER, apiKey: SANDBOX_API_KEY, environment: 'sandbox', url: sandbox.url });
}
