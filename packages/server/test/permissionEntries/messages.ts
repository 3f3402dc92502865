import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { type Entry, everyone, staffOnly } from '../support/permissionMatrix';

/**
 * A booking's WhatsApp and SMS messages (staff only) and the providers' webhooks (anyone, checked by
 * signature). The permission world's site sends e-mail only (MESSAGE_PROVIDER=none): staff's message
 * and every webhook are refused there with 409 (message_channel_off, webhook_channel_off), after the
 * caller is let through. Keyed as Fastify lists routes; see permissions.test.ts.
 */
export const messageEntries: Record<string, Entry> = {
  // printRoutes names these under the bookings' /api/owner/bookings/:id paths, whose path they extend.
  'GET /:id/messages': {
    call: (w) => ({ method: 'GET', url: pathFor('bookingMessages', { id: w.customersBooking }) }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().messages)).toBe(true),
  },
  'POST /:id/messages': {
    call: (w) => ({ method: 'POST', url: pathFor('sendBookingMessage', { id: w.customersBooking }), payload: { channel: 'sms', text: 'Hello' } }),
    expected: staffOnly(409),
  },
  'POST /seen': {
    call: (w) => ({ method: 'POST', url: pathFor('bookingMessagesSeen', { id: w.customersBooking }) }),
    expected: staffOnly(200),
  },
  // Across the bookings: customers waiting for an answer (the desk), and the WhatsApp and SMS outbox.
  [`GET ${ROUTES.unreadMessages.path}`]: {
    call: () => ({ method: 'GET', url: ROUTES.unreadMessages.path }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().bookings)).toBe(true),
  },
  // printRoutes names it under GET /api/owner/outbox, whose path it extends.
  'GET /messages': {
    call: () => ({ method: 'GET', url: `${ROUTES.channelOutbox.path}?channel=sms` }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().messages)).toBe(true),
  },
  [`GET ${ROUTES.whatsappSubscribe.path}`]: {
    call: () => ({ method: 'GET', url: `${ROUTES.whatsappSubscribe.path}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1` }),
    expected: everyone(409),
  },
  [`POST ${ROUTES.whatsappWebhook.path}`]: {
    call: () => ({ method: 'POST', url: ROUTES.whatsappWebhook.path, payload: { object: 'whatsapp_business_account', entry: [] } }),
    expected: everyone(409),
  },
  [`POST ${ROUTES.twilioWebhook.path}`]: {
    call: () => ({
      method: 'POST',
      url: ROUTES.twilioWebhook.path,
      payload: 'MessageSid=SM1&MessageStatus=delivered',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expected: everyone(409),
  },
};
