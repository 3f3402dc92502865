/** The sandbox's WhatsApp Cloud API: the messages call, answered in Meta's shapes, and the signed status webhooks. */
import { randomBytes } from 'node:crypto';
import type { WebhookCall } from './callbacks';
import type { SandboxMessage } from './page';
import { isObject, type Json, providerId, Refusal, report, type SandboxState, takeFailure } from './state';
import { SANDBOX_TEST_NUMBERS } from './testNumbers';
import { whatsappSignature } from '../whatsapp';

const WINDOW_MS = 24 * 60 * 60 * 1000;

const graphError = (status: number, code: number, message: string, details?: string) =>
  new Refusal(status, {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      ...(details ? { error_data: { details } } : {}),
      fbtrace_id: randomBytes(8).toString('hex'),
    },
  });

function whatsappStatusCall(
  box: SandboxState,
  message: SandboxMessage,
  state: 'sent' | 'delivered' | 'read' | 'failed',
  error?: { code: number; title: string; details: string },
): WebhookCall {
  const at = box.now();
  const status: Json = { id: message.id, status: state, timestamp: String(Math.floor(at.getTime() / 1000)), recipient_id: message.phone.slice(1) };
  if (error) status.errors = [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details } }];
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000000',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: box.twilio.from.slice(1), phone_number_id: box.whatsapp.phoneNumberId },
              statuses: [status],
            },
          },
        ],
      },
    ],
  });
  return {
    label: state,
    messageId: message.id,
    url: box.whatsappWebhookUrl ?? '',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, box.whatsapp.appSecret) },
    body,
  };
}

export function whatsappSend(box: SandboxState, phoneNumberId: string, authorization: string | undefined, raw: string): Json {
  if (authorization !== `Bearer ${box.whatsapp.accessToken}`) throw graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
  if (phoneNumberId !== box.whatsapp.phoneNumberId) {
    throw graphError(
      400,
      100,
      `Unsupported post request. Object with ID '${phoneNumberId.slice(0, 30)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    throw graphError(400, 100, '(#100) The request body is not JSON.');
  }
  if (!isObject(payload) || payload.messaging_product !== 'whatsapp') throw graphError(400, 100, '(#100) The parameter messaging_product is required.');
  const to = typeof payload.to === 'string' ? payload.to.replace(/^\+/, '') : '';
  if (!/^\d{7,15}$/.test(to)) throw graphError(400, 100, '(#100) Invalid parameter', 'to must be a phone number in international format.');
  const phone = `+${to}`;
  const message: SandboxMessage = {
    id: providerId('whatsapp'),
    channel: 'whatsapp',
    direction: 'out',
    phone,
    at: box.now(),
    state: 'accepted',
  };
  if (payload.type === 'template' && isObject(payload.template)) {
    const template = payload.template;
    const language = isObject(template.language) ? template.language.code : undefined;
    if (typeof template.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(template.name) || typeof language !== 'string') {
      throw graphError(400, 132001, 'Template name does not exist in the translation', 'A template needs its name (lower case, digits, _) and language code.');
    }
    const params: string[] = [];
    for (const component of Array.isArray(template.components) ? template.components.filter(isObject) : []) {
      if (component.type !== 'body') continue;
      for (const parameter of Array.isArray(component.parameters) ? component.parameters.filter(isObject) : []) {
        if (parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text === '') {
          throw graphError(400, 132000, 'Number of parameters does not match the expected number of params', 'Each body parameter must be a non-empty text.');
        }
        params.push(parameter.text);
      }
    }
    message.template = { name: template.name, language, params };
  } else if (payload.type === 'text' && isObject(payload.text) && typeof payload.text.body === 'string' && payload.text.body.trim() !== '') {
    if (payload.text.body.length > 4096) throw graphError(400, 100, '(#100) Invalid parameter', 'text.body is at most 4096 characters.');
    message.text = payload.text.body;
  } else {
    throw graphError(400, 100, '(#100) Invalid parameter', 'type must be template (with its template) or text (with text.body).');
  }
  if (phone === SANDBOX_TEST_NUMBERS.unreachable)
    throw graphError(400, 131026, 'Message Undeliverable', 'The number cannot receive messages (sandbox test number).');
  if (phone === SANDBOX_TEST_NUMBERS.providerDown) throw graphError(503, 131016, 'Service unavailable', 'The sandbox plays a provider that is down.');
  takeFailure(box, (status) => graphError(status, 131016, 'Service unavailable', 'The sandbox was told to fail this send.'));
  box.messages.push(message);

  const replied = box.lastWhatsAppReply.get(phone);
  if (phone === SANDBOX_TEST_NUMBERS.notOnWhatsApp || phone === SANDBOX_TEST_NUMBERS.undeliverable) {
    report(
      box,
      message,
      [
        whatsappStatusCall(box, message, 'failed', {
          code: 131026,
          title: 'Message undeliverable',
          details: 'The number is not on WhatsApp (sandbox test number).',
        }),
      ],
      'failed',
    );
  } else if (message.text !== undefined && (!replied || box.now().getTime() - replied.getTime() > WINDOW_MS)) {
    // Meta takes free text outside the customer's 24 hours and fails it afterwards.
    report(
      box,
      message,
      [
        whatsappStatusCall(box, message, 'failed', {
          code: 131047,
          title: 'Re-engagement message',
          details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        }),
      ],
      'failed',
    );
  } else {
    report(
      box,
      message,
      [whatsappStatusCall(box, message, 'sent'), whatsappStatusCall(box, message, 'delivered'), whatsappStatusCall(box, message, 'read')],
      'read',
    );
  }
  return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: message.id, message_status: 'accepted' }] };
}
