/** The customer's reply, typed on the sandbox's page: posted to our webhook as the provider would, signed. */
import { E164_PATTERN, type MessageChannel } from '../provider';
import { twilioSignature } from '../twilio';
import { whatsappSignature } from '../whatsapp';
import type { SandboxMessage } from './page';
import { providerId, type SandboxState } from './state';

/** Keywords carriers and Twilio honour on long codes. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export function reply(box: SandboxState, input: { channel: MessageChannel; from: string; body: string }): SandboxMessage {
  const phone = input.from.replace(/[\s()-]/g, '');
  if (!E164_PATTERN.test(phone)) throw new Error('Please write the number in international form, such as +18765550142.');
  const body = input.body.trim();
  if (body === '' || body.length > 1600) throw new Error('Please write a message of 1 to 1600 characters.');
  const at = box.now();
  const message: SandboxMessage = {
    id: providerId(input.channel),
    channel: input.channel,
    direction: 'in',
    phone,
    text: body,
    at,
    state: 'delivered',
  };
  box.messages.push(message);
  if (input.channel === 'whatsapp') {
    box.lastWhatsAppReply.set(phone, at);
    if (!box.whatsappWebhookUrl) return message;
    const payload = JSON.stringify({
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
                contacts: [{ profile: { name: 'Sandbox customer' }, wa_id: phone.slice(1) }],
                messages: [{ from: phone.slice(1), id: message.id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body } }],
              },
            },
          ],
        },
      ],
    });
    box.queue.push(
      {
        label: 'reply',
        messageId: message.id,
        url: box.whatsappWebhookUrl,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(payload, box.whatsapp.appSecret) },
        body: payload,
      },
      false,
    );
    return message;
  }
  const keyword = body.toUpperCase();
  if (STOP_WORDS.has(keyword)) box.optedOut.add(phone);
  if (START_WORDS.has(keyword)) box.optedOut.delete(phone);
  if (!box.smsIncomingUrl) return message;
  const params = new URLSearchParams({
    AccountSid: box.twilio.accountSid,
    ApiVersion: '2010-04-01',
    Body: body,
    From: phone,
    MessageSid: message.id,
    NumMedia: '0',
    NumSegments: '1',
    SmsMessageSid: message.id,
    SmsSid: message.id,
    SmsStatus: 'received',
    To: box.twilio.from,
  });
  box.queue.push(
    {
      label: 'reply',
      messageId: message.id,
      url: box.smsIncomingUrl,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(box.smsIncomingUrl, params, box.twilio.authToken),
      },
      body: params.toString(),
    },
    false,
  );
  return message;
}
