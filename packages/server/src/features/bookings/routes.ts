import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the server-features work fills this plugin with the bookings routes.
const bookingsRoutes: FastifyPluginAsync = async () => {};
export default bookingsRoutes;
