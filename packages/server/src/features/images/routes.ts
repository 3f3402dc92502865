import type { FastifyPluginAsync } from 'fastify';

// Placeholder: the server-features work fills this plugin with the images routes.
const imagesRoutes: FastifyPluginAsync = async () => {};
export default imagesRoutes;
