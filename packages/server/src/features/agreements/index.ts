/**
 * Signed agreements anyone can check (docs/decisions/122): the seal (a last "Signing certificate"
 * page and the SHA-256 of the final PDF), the kept hashes, and the public verify call. Its face:
 * the counter and online check-in seal what they draw here; app.ts registers the routes.
 */
export { sealAgreement, sha256Hex, type SealedAgreement, type SigningEvent, type SigningFacts } from './seal';
export { latestSealOf, sealRow, type SealRecord } from './store';
export { verifyAgreementUrl } from './site';
export { default as agreementRoutes } from './routes';
