import { VERIFY_AGREEMENT_PAGE } from '@rental/contract';

/**
 * Where the certificate tells a reader to check their copy: the site's public address when
 * PUBLIC_URL is set; else the page's path, said so (a paper kept for years must not name localhost).
 */
export function verifyAgreementUrl(publicUrl: string | undefined): string {
  if (!publicUrl) return `the company's web site, page ${VERIFY_AGREEMENT_PAGE}`;
  return `${publicUrl.replace(/\/+$/, '')}${VERIFY_AGREEMENT_PAGE}`;
}
