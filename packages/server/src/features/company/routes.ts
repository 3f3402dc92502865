import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { companySettingUp, getCompanySettings, saveCompanySettings } from './settings';

/** The company's facts: read by every page, changed by owners at /owner/settings. */
const companyRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'company', async () => {
    const company = await getCompanySettings(app.db);
    // Until an owner saves the settings, pages say the company is setting up instead of the shipped phone and e-mail.
    return { success: true as const, company, contactsSaved: !companySettingUp(company) };
  });

  addEndpoint(app, 'updateCompany', async (request) => {
    const company = await saveCompanySettings(app.db, request.user.id, request.body);
    return { success: true as const, message: MESSAGES.companySaved, company };
  });
};

export default companyRoutes;
