import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the server-features work fills this plugin with the owner routes.
const ownerRoutes: FastifyPluginAsync = async () => {};
export default ownerRoutes;
