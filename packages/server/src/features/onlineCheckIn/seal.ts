/**
 * The agreement signed online made final (features/agreements, decision 122): its pages as the
 * counter's code draws them, then the signing certificate with the address and browser it was
 * signed from and the trail of the code and the signature. The PDF and its SHA-256 are kept as
 * they are and never change; the hash is kept beside the counter's, so the verify call knows it.
 */
import { CHECK_IN_TRAIL_WORDS, type CheckInTrailStep } from '@rental/contract';
import { sealAgreement, verifyAgreementUrl } from '../agreements';

export interface SealFacts {
  reference: string;
  signedAt: Date;
  signedFrom: { ip: string; userAgent: string };
  /** Each step with its time, for the certificate page. */
  trail: { step: CheckInTrailStep; at: string }[];
}

export function sealOnlineAgreement(pages: Uint8Array, facts: SealFacts, publicUrl: string | undefined) {
  return sealAgreement(pages, {
    kind: 'online',
    reference: facts.reference,
    signedAt: facts.signedAt,
    ip: facts.signedFrom.ip || null,
    userAgent: facts.signedFrom.userAgent || null,
    trail: facts.trail.map(({ step, at }) => ({ at: new Date(at), what: CHECK_IN_TRAIL_WORDS[step] })),
    verifyUrl: verifyAgreementUrl(publicUrl),
  });
}
