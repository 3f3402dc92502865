/**
 * The counter's agreement, sealed (features/agreements): its pages as agreementPdf.ts draws them,
 * then the signing certificate. At the counter the renter and the staff member sign on the counter's
 * device, so the certificate's address and browser are that device's, and its trail is the one
 * moment both signed. An erasure's copy (erasedPapers.ts) adds the moment it was made again.
 */
import { type SigningEvent, sealAgreement, verifyAgreementUrl } from '../agreements';

/** The counter's device as the check-out request came from it. */
export interface CounterDevice {
  ip: string | null;
  userAgent: string | null;
  /** PUBLIC_URL: the certificate names the site's /verify-agreement page. */
  publicUrl?: string;
}

/** A check-out made without a request (the demo's): nothing to record of a device. */
export const NO_DEVICE: CounterDevice = { ip: null, userAgent: null };

/** The trail's one step at the counter: who signed, together, at the hand-over. */
export function signedAtCounter(at: Date, staffName: string, company: string): SigningEvent {
  return { at, what: `Signed at the counter by the renter, and by ${staffName} for ${company}` };
}

/** Sealed at the counter: the agreement signed there, or the condition appendix of one signed online (decision 125). */
export function sealCounterAgreement(
  pages: Uint8Array,
  facts: { reference: string; signedAt: Date; trail: SigningEvent[] },
  device: CounterDevice,
  kind: 'counter' | 'condition' = 'counter',
) {
  return sealAgreement(pages, {
    kind,
    reference: facts.reference,
    signedAt: facts.signedAt,
    ip: device.ip,
    userAgent: device.userAgent,
    trail: facts.trail,
    verifyUrl: verifyAgreementUrl(device.publicUrl),
  });
}
