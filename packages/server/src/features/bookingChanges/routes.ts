/** A booking's dates or car: the preview and the change (service.ts; decision 095). */
import { BOOKING_CHANGE_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import { addEndpoint } from '../../http/endpoint';
import { changeBooking } from './service';

const bookingChangeRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'bookingChangeQuote', async (request) => {
    const change = await retryTransientConflicts(() =>
      changeBooking(app.db, request.user, request.params.id, request.body, { preview: true, holdMinutes: app.config.holdMinutes, events: app.events }),
    );
    return { success: true as const, change };
  });

  addEndpoint(app, 'changeBooking', async (request) => {
    const change = await retryTransientConflicts(() =>
      changeBooking(app.db, request.user, request.params.id, request.body, { preview: false, holdMinutes: app.config.holdMinutes, events: app.events }),
    );
    return { success: true as const, message: change.confirmAgain ? BOOKING_CHANGE_MESSAGES.changedToConfirm : BOOKING_CHANGE_MESSAGES.changed, change };
  });
};

export default bookingChangeRoutes;
