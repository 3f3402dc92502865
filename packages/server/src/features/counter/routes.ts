/** The counter's calls: the desk, check-out, check-in, the agreement, the receipt, photos and damages. */
import multipart from '@fastify/multipart';
import { checkInData, checkOutRequest, COUNTER_MESSAGES, MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { listOwnerBookings } from '../bookings';
import { checkIn } from './checkIn';
import { previewAgreement } from './agreementPreview';
import { checkOut } from './checkOut';
import { readCounterForm, counterMultipartOptions } from './counterForm';
import { markRepaired, damagesOfCar } from './damages';
import { counterBooking, desk } from './desk';
import { counterPhoto, rentalPdf } from './files';

/** Private files: never cached, opened inline, running nothing of the site. */
function sendPrivate(reply: FastifyReply, type: string, bytes: Buffer, name?: string) {
  reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  if (name) reply.header('content-disposition', `inline; filename="${name}"`);
  return reply.send(bytes);
}

const counterRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, counterMultipartOptions);

  const ownerBooking = async (id: string) => {
    const [booking] = await listOwnerBookings(app.db, { where: eq(bookings.id, id) });
    return booking!;
  };

  addEndpoint(app, 'desk', async () => ({ success: true as const, ...(await desk(app.db)) }));

  addEndpoint(app, 'counterBooking', async (request) => {
    const booking = await counterBooking(app.db, request.params.id);
    if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
    return { success: true as const, booking };
  });

  addEndpoint(app, 'checkOut', async (request) => {
    const form = await readCounterForm(request, checkOutRequest);
    const device = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, publicUrl: app.config.publicUrl };
    await checkOut(app.db, request.user, request.params.id, form, app.events, new Date(), device);
    return { success: true as const, message: COUNTER_MESSAGES.checkedOut, booking: await ownerBooking(request.params.id) };
  });

  addEndpoint(app, 'agreementPreview', async (request) => ({
    success: true as const,
    agreement: await previewAgreement(app.db, request.user, request.params.id, request.body),
  }));

  addEndpoint(app, 'checkIn', async (request) => {
    const form = await readCounterForm(request, checkInData);
    const outcome = await checkIn(app.db, request.user, request.params.id, form, app.events);
    return { success: true as const, message: COUNTER_MESSAGES.checkedIn, booking: await ownerBooking(request.params.id), ...outcome };
  });

  addEndpoint(app, 'agreementPdf', async (request, reply) => {
    const file = await rentalPdf(app.db, request.user, request.params.id, 'agreement');
    return sendPrivate(reply, 'application/pdf', file.bytes, file.name);
  });

  addEndpoint(app, 'conditionPdf', async (request, reply) => {
    const file = await rentalPdf(app.db, request.user, request.params.id, 'condition');
    return sendPrivate(reply, 'application/pdf', file.bytes, file.name);
  });

  addEndpoint(app, 'receiptPdf', async (request, reply) => {
    const file = await rentalPdf(app.db, request.user, request.params.id, 'receipt');
    return sendPrivate(reply, 'application/pdf', file.bytes, file.name);
  });

  addEndpoint(app, 'counterPhoto', async (request, reply) => {
    const photo = await counterPhoto(app.db, request.user, request.params.id);
    if (!photo) throw new HttpError(404, MESSAGES.notFound);
    return sendPrivate(reply, 'image/webp', photo);
  });

  addEndpoint(app, 'carDamages', async (request) => ({ success: true as const, damages: await damagesOfCar(app.db, request.params.id) }));

  addEndpoint(app, 'repairDamage', async (request) => {
    const damage = await markRepaired(app.db, request.user.id, request.params.id, request.body ?? {});
    return { success: true as const, message: COUNTER_MESSAGES.damageRepaired, damage };
  });
};

export default counterRoutes;
