import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the server-features work fills this plugin with the cars routes.
const carsRoutes: FastifyPluginAsync = async () => {};
export default carsRoutes;
