import { MESSAGES, publicFacts } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { companySettingUp, getCompanySettings, saveCompanySettings } from './settings';

/** The company's facts: read by every page, changed by owners at /owner/settings. */
const companyRoutes: FastifyPluginAsync = async (app) => {
  /** The settings with their contacts as the company saved them: the shipped ones are placeholders, never answered. */
  const answered = async () => {
    const company = await getCompanySettings(app.db);
    // Until an owner saves the settings, the shipped phone, e-mail and chat link are placeholders:
    // never answered (nor drawn into a page's JSON), so pages say the company is setting up.
    if (companySettingUp(company)) return { company: { ...company, phone: '', email: '', chatUrl: '' }, contactsSaved: false };
    return { company, contactsSaved: true };
  };

  // Anyone's, cached and embedded in public pages: the accountant's account names stay with staff (decision 115).
  addEndpoint(app, 'company', async () => {
    const { company, contactsSaved } = await answered();
    return { success: true as const, company: publicFacts(company), contactsSaved };
  });

  addEndpoint(app, 'staffCompany', async () => ({ success: true as const, ...(await answered()) }));

  addEndpoint(app, 'updateCompany', async (request) => {
    const company = await saveCompanySettings(app.db, request.user.id, request.body);
    return { success: true as const, message: MESSAGES.companySaved, company };
  });
};

export default companyRoutes;
