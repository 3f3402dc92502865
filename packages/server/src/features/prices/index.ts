/** Prices: the price rules and the quotes made with them. Its face: other features use it through these alone, never through its files. */
export { getPriceRules } from './priceRules';
export { priceChangedRefusal, quoteCars, quoteWith, readPriceBook } from './quoting';
export { tripPrices } from './tripPrices';
