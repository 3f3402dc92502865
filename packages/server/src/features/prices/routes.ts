/** Prices: the quote anyone may ask for, what customers are offered, and the rules staff edit. */
import { MESSAGES, rentalDatesProblem } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';
import { getPriceRules, listExtras, savePrices } from './priceRules';
import { QuoteCache } from './quoting';

const priceRoutes: FastifyPluginAsync = async (app) => {
  const quotes = new QuoteCache(app.db, app.fleetCache.version);

  addEndpoint(app, 'quote', async (request) => {
    const { car, ...choices } = request.body;
    const problem = rentalDatesProblem(choices.pickupDate, choices.returnDate);
    if (problem) throw new HttpError(400, problem.message);
    return { success: true as const, quote: await quotes.quote(car, choices) };
  });

  addEndpoint(app, 'prices', async () => {
    const [rules, extras, company] = await Promise.all([getPriceRules(app.db), listExtras(app.db), getCompanySettings(app.db)]);
    const cardPayments = app.config.paymentProvider !== 'none';
    return { success: true as const, rules, extras, gctPercent: company.gctPercent, currency: company.currency, cardPayments };
  });

  addEndpoint(app, 'ownerPrices', async () => {
    const [rules, extras] = await Promise.all([getPriceRules(app.db), listExtras(app.db)]);
    return { success: true as const, rules, extras };
  });

  addEndpoint(app, 'savePrices', async (request) => {
    let saved;
    try {
      saved = await savePrices(app.db, request.user.id, request.body);
    } finally {
      // After the commit (or a failure that may have committed): the next quote here reads the version again.
      quotes.pricesChanged();
    }
    return { success: true as const, message: MESSAGES.pricesSaved, ...saved };
  });
};

export default priceRoutes;
