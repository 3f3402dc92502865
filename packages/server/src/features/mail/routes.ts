/** The owners' view of the outbox: what was written, what was sent, and sending a failed one again. */
import { MESSAGES, OUTBOX_PAGE_SIZE } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { startReminderSweeper } from '../reminders/sweep';
import { listOutbox, resendMessage } from './outbox';

const mailRoutes: FastifyPluginAsync = async (app) => {
  // The reminders are letters of the outbox, written by the clock.
  startReminderSweeper(app);

  addEndpoint(app, 'ownerOutbox', async (request) => {
    const page = Number(request.query.page ?? 1);
    const { messages, total } = await listOutbox(app.db, page);
    return { success: true as const, messages, page, pageSize: OUTBOX_PAGE_SIZE, total, mailEnabled: app.mailSender !== undefined };
  });

  addEndpoint(app, 'resendMessage', async (request) => {
    const outboxMessage = await resendMessage(app.db, request.body.messageId);
    void app.mailSender?.runOnce().catch((err) => app.log.error({ err }, 'the mail round failed; it runs again shortly'));
    return { success: true as const, message: MESSAGES.messageQueuedAgain, outboxMessage };
  });
};

export default mailRoutes;
