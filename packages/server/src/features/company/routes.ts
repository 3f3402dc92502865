import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { companySettingUp, getCompanySettings, saveCompanySettings } from './settings';

/** The company's facts: read by every page, changed by owners at /owner/settings. */
const companyRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'company', async () => {
    const company = await getCompanySettings(app.db);
    // Until an owner saves the settings, the shipped phone, e-mail and chat link are placeholders:
    // never answered (nor drawn into a page's JSON), so pages say the company is setting up.
    if (companySettingUp(company)) return { success: true as const, company: { ...company, phone: '', email: '', chatUrl: '' }, contactsSaved: false };
    return { success: true as const, company, contactsSaved: true };
  });

  addEndpoint(app, 'updateCompany', async (request) => {
    const company = await saveCompanySettings(app.db, request.user.id, request.body);
    return { success: true as const, message: MESSAGES.companySaved, company };
  });
};

export default companyRoutes;
