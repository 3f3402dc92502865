/** Which of the folio's writes a staff member may make: the API's own levels (routes.ts), so no button leads to a 403. */
import { ROUTES } from '@rental/contract/routes';
import { type StaffRole, staffRoleMay } from '@rental/contract/staffRoles';

export type FolioForm = 'payment' | 'charge' | 'refund';

const FORMS: { form: FolioForm; label: string; route: 'recordPayment' | 'addCharge' | 'recordRefund' }[] = [
  { form: 'payment', label: 'Record a payment', route: 'recordPayment' },
  { form: 'charge', label: 'Add a charge', route: 'addCharge' },
  { form: 'refund', label: 'Record a refund', route: 'recordRefund' },
];

export function folioActionsFor(role: StaffRole | null): { forms: { form: FolioForm; label: string }[]; mayVoid: boolean } {
  if (!role) return { forms: [], mayVoid: false };
  return {
    forms: FORMS.filter(({ route }) => staffRoleMay(role, ROUTES[route].access)).map(({ form, label }) => ({ form, label })),
    mayVoid: staffRoleMay(role, ROUTES.voidLine.access),
  };
}
