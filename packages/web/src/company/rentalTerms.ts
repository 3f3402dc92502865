import { PASSPORT_OR_WORK_ID } from '@rental/contract/constants';

/** The rental requirements, as the company states them: on the about page and in the terms. */
export const REQUIREMENTS = ['A driver’s licence held for at least 2 years', 'Age 23 or older', PASSPORT_OR_WORK_ID, 'Proof of address'] as const;

export const VETTING = 'Every application is vetted. We may reject an application that does not pass our checks.';
