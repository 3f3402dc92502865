/**
 * The message providers' webhooks (features/messages reads and checks them; channelWebhooks.ts
 * applies them). Their bodies are read raw, in this plugin only: a signature is over the exact
 * bytes sent, so nothing may parse them first. A call without the provider's valid signature is
 * 401 and changes nothing.
 */
import { REFUSAL_CODES } from '@rental/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { type MessageProvider, messageWebhookUrls, type WebhookRequest } from '../messages';
import { applyHappenings } from './channelWebhooks';

const notSigned = () => new HttpError(401, REFUSAL_CODES.webhook_not_signed, 'webhook_not_signed');
const channelOff = () => new HttpError(409, REFUSAL_CODES.webhook_channel_off, 'webhook_channel_off');

/** The webhook as it came: the address the provider called (ours, as the settings say, with the request's query), its headers, its bytes. */
function webhookOf(request: FastifyRequest, address: string): WebhookRequest {
  const query = request.url.indexOf('?');
  return {
    url: query < 0 ? address : address + request.url.slice(query),
    headers: request.headers,
    rawBody: (request.body as Buffer | undefined) ?? Buffer.alloc(0),
  };
}

const webhookRoutes: FastifyPluginAsync = async (app) => {
  for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  }
  const addresses = messageWebhookUrls(app.mail.siteUrl);
  const smsOn = Boolean(app.messageChannels.sms);

  const receive = async (provider: MessageProvider | undefined, request: FastifyRequest, address: string) => {
    if (!provider) throw channelOff();
    const webhook = webhookOf(request, address);
    if (!provider.verifyWebhook(webhook)) throw notSigned();
    await applyHappenings(app.db, provider.parseWebhook(webhook), smsOn);
  };

  // Thousands of statuses an hour must not make every fleet read ask the database again.
  const leavesFleet = { config: { fleetUnchanged: true } } as const;

  addEndpoint(app, 'whatsappSubscribe', async (request, reply) => {
    const whatsapp = app.messageChannels.whatsapp;
    if (!whatsapp?.answerSubscription) throw channelOff();
    const challenge = whatsapp.answerSubscription(request.query);
    if (challenge === undefined) throw new HttpError(403, 'This is not the verify token set for this site.');
    return reply.header('cache-control', 'no-store').type('text/plain').send(challenge);
  });

  addEndpoint(
    app,
    'whatsappWebhook',
    async (request, reply) => {
      await receive(app.messageChannels.whatsapp, request, addresses.whatsapp);
      return reply.type('application/json').send('{"success":true}');
    },
    leavesFleet,
  );

  addEndpoint(
    app,
    'twilioWebhook',
    async (request, reply) => {
      await receive(app.messageChannels.sms, request, addresses.twilio);
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
    leavesFleet,
  );
};

export default webhookRoutes;
