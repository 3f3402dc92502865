/** Owner calls for service blocks. */
import { BLOCK_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import { addEndpoint } from '../../http/endpoint';
import { createBlock, deleteBlock, listBlocks } from './service';

const blocksRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'createBlock', async (request) => {
    // A re-opened booking racing for the same days can still deadlock with us (it does not queue on
    // the car): the loser is tried again and then meets the winner's days (409).
    const block = await retryTransientConflicts(() => createBlock(app.db, request.user.id, request.body));
    return { success: true as const, message: BLOCK_MESSAGES.blockAdded, block };
  });

  addEndpoint(app, 'blocks', async (request) => {
    return { success: true as const, blocks: await listBlocks(app.db, request.query.car) };
  });

  addEndpoint(app, 'deleteBlock', async (request) => {
    await deleteBlock(app.db, request.user.id, request.params.id);
    return { success: true as const, message: BLOCK_MESSAGES.blockRemoved };
  });
};

export default blocksRoutes;
