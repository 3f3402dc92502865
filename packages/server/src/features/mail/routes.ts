/** The owners' view of the outbox: what was written, what was sent, and sending a failed one again. */
import { MESSAGES, OUTBOX_PAGE_SIZE } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { listBookingMessages, markMessagesSeen, sendStaffMessage } from './bookingMessages';
import { listChannelOutbox, listUnreadBookings } from './channelOutbox';
import { NO_CHANNELS } from './letters';
import { resendMessage } from './outbox';
import { findReadable, listReadableOutbox, readMessage, readMessageAttachment, readMessageLink } from './reading';

const mailRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'ownerOutbox', async (request) => {
    const page = Number(request.query.page ?? 1);
    // Messages to staff members are the owners' alone (features/mail/reading.ts).
    const { messages, total } = await listReadableOutbox(app.db, request.user.staffRole, page);
    return { success: true as const, messages, page, pageSize: OUTBOX_PAGE_SIZE, total, mailEnabled: app.mailSender !== undefined };
  });

  addEndpoint(app, 'outboxMessage', async (request) => {
    return { success: true as const, outboxMessage: await readMessage(app.db, request.user.staffRole, request.params.id) };
  });

  // Owners and managers pass a customer's link on by hand when mail is off (docs/decisions/107).
  addEndpoint(app, 'outboxLink', async (request) => {
    return { success: true as const, link: await readMessageLink(app.db, request.user.staffRole, request.params.id) };
  });

  addEndpoint(app, 'outboxAttachment', async (request, reply) => {
    const pdf = await readMessageAttachment(app.db, request.user.staffRole, request.params.id);
    // Private, inline, running nothing of the site: as the counter's PDFs are served.
    reply
      .type(pdf.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('content-disposition', `inline; filename="${pdf.filename}"`);
    return reply.send(pdf.content);
  });

  // A booking's WhatsApp and SMS messages, and staff's words to its customer (bookingMessages.ts).
  const siteChannels = app.mail.channels ?? NO_CHANNELS;
  addEndpoint(app, 'bookingMessages', async (request) => listBookingMessages(app.db, request.params.id, siteChannels));
  addEndpoint(app, 'sendBookingMessage', async (request) => {
    const answer = await sendStaffMessage(app.db, request.params.id, request.body, siteChannels);
    void app.channelSender?.runOnce().catch((err) => app.log.error({ err }, 'the WhatsApp and SMS round failed; it runs again shortly'));
    return answer;
  });
  // Across the bookings: who wrote and waits (the desk), and every message of the two channels (the outbox).
  addEndpoint(app, 'unreadMessages', async () => ({ success: true as const, ...(await listUnreadBookings(app.db)) }));
  addEndpoint(app, 'channelOutbox', async (request) => {
    const page = Number(request.query.page ?? 1);
    const { messages, total } = await listChannelOutbox(app.db, request.query, page);
    return { success: true as const, messages, page, pageSize: OUTBOX_PAGE_SIZE, total, siteChannels };
  });
  addEndpoint(app, 'bookingMessagesSeen', async (request) => markMessagesSeen(app.db, request.user.id, request.params.id));

  addEndpoint(app, 'resendMessage', async (request) => {
    // A message this reader may not see is not theirs to send again either.
    await findReadable(app.db, request.user.staffRole, request.body.messageId);
    const outboxMessage = await resendMessage(app.db, request.body.messageId);
    void app.mailSender?.runOnce().catch((err) => app.log.error({ err }, 'the mail round failed; it runs again shortly'));
    return { success: true as const, message: MESSAGES.messageQueuedAgain, outboxMessage };
  });
};

export default mailRoutes;
