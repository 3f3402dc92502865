import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { getCompanySettings, saveCompanySettings } from './settings';

/** The company's facts: read by every page, changed by owners at /owner/settings. */
const companyRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'company', async () => {
    return { success: true as const, company: await getCompanySettings(app.db) };
  });

  addEndpoint(app, 'updateCompany', async (request) => {
    const company = await saveCompanySettings(app.db, request.user.id, request.body);
    return { success: true as const, message: MESSAGES.companySaved, company };
  });
};

export default companyRoutes;
