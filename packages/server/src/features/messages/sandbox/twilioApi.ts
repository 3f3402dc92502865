/** The sandbox's Twilio Messages API: the send call, answered in Twilio's shapes, and the signed status callbacks. */
import type { WebhookCall } from './callbacks';
import type { SandboxMessage } from './page';
import { type Json, providerId, Refusal, report, type SandboxState, takeFailure } from './state';
import { SANDBOX_TEST_NUMBERS } from './testNumbers';
import { E164_PATTERN } from '../provider';
import { twilioSignature } from '../twilio';

const twilioError = (status: number, code: number, message: string) =>
  new Refusal(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

/** "Sun, 29 Nov 2026 12:00:00 +0000", as Twilio writes its dates. */
const twilioDate = (at: Date) => at.toUTCString().replace('GMT', '+0000');

function smsStatusCall(box: SandboxState, message: SandboxMessage, url: string, state: 'sent' | 'delivered' | 'undelivered', errorCode?: string): WebhookCall {
  const params = new URLSearchParams({
    AccountSid: box.twilio.accountSid,
    ApiVersion: '2010-04-01',
    From: box.twilio.from,
    MessageSid: message.id,
    MessageStatus: state,
    SmsSid: message.id,
    SmsStatus: state,
    To: message.phone,
  });
  if (errorCode) params.set('ErrorCode', errorCode);
  return {
    label: state,
    messageId: message.id,
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(url, params, box.twilio.authToken) },
    body: params.toString(),
  };
}

export function twilioSend(box: SandboxState, accountSid: string, authorization: string | undefined, raw: string): Json {
  const expected = `Basic ${Buffer.from(`${box.twilio.accountSid}:${box.twilio.authToken}`).toString('base64')}`;
  if (authorization !== expected) throw twilioError(401, 20003, 'Authenticate');
  if (accountSid !== box.twilio.accountSid)
    throw twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${accountSid.slice(0, 40)}/Messages.json was not found`);
  const form = new URLSearchParams(raw);
  const to = form.get('To') ?? '';
  if (!E164_PATTERN.test(to)) throw twilioError(400, 21211, `The 'To' number ${to.slice(0, 20)} is not a valid phone number.`);
  const from = form.get('From') ?? form.get('MessagingServiceSid');
  if (from !== box.twilio.from)
    throw twilioError(
      400,
      21606,
      `The From phone number ${String(from).slice(0, 20)} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    );
  const body = form.get('Body') ?? '';
  if (body.trim() === '') throw twilioError(400, 21602, 'Message body is required.');
  if (body.length > 1600) throw twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  const callback = form.get('StatusCallback') ?? '';
  if (callback !== '' && !/^https?:\/\//.test(callback)) throw twilioError(400, 21609, 'The StatusCallback URL is not a valid URL.');
  if (to === SANDBOX_TEST_NUMBERS.unreachable) throw twilioError(400, 21614, `'To' number ${to} is not a valid mobile number`);
  if (to === SANDBOX_TEST_NUMBERS.providerDown) throw twilioError(503, 20500, 'An internal server error has occurred');
  if (box.optedOut.has(to)) throw twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
  takeFailure(box, (status) => twilioError(status, 20500, 'An internal server error has occurred'));
  const message: SandboxMessage = {
    id: providerId('sms'),
    channel: 'sms',
    direction: 'out',
    phone: to,
    text: body,
    at: box.now(),
    state: 'accepted',
  };
  box.messages.push(message);
  if (to === SANDBOX_TEST_NUMBERS.undeliverable) {
    report(
      box,
      message,
      callback === '' ? [] : [smsStatusCall(box, message, callback, 'sent'), smsStatusCall(box, message, callback, 'undelivered', '30003')],
      'failed',
    );
  } else {
    report(
      box,
      message,
      callback === '' ? [] : [smsStatusCall(box, message, callback, 'sent'), smsStatusCall(box, message, callback, 'delivered')],
      'delivered',
    );
  }
  return {
    sid: message.id,
    account_sid: box.twilio.accountSid,
    to,
    from: box.twilio.from,
    body,
    status: 'queued',
    num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
    direction: 'outbound-api',
    api_version: '2010-04-01',
    date_created: twilioDate(message.at),
    error_code: null,
    error_message: null,
    uri: `/2010-04-01/Accounts/${box.twilio.accountSid}/Messages/${message.id}.json`,
  };
}
