import { describe, expect, it } from 'vitest';
import { folioActionsFor } from './folioActions';

describe('the folio’s writes by role', () => {
  it('lets a counter agent take money and add charges, and leaves refunds and voids to owners and managers', () => {
    expect(folioActionsFor('agent')).toEqual({
      forms: [
        { form: 'payment', label: 'Record a payment' },
        { form: 'charge', label: 'Add a charge' },
      ],
      mayVoid: false,
    });
    for (const role of ['manager', 'owner'] as const) {
      const actions = folioActionsFor(role);
      expect(actions.forms.map((f) => f.form)).toEqual(['payment', 'charge', 'refund']);
      expect(actions.mayVoid).toBe(true);
    }
    expect(folioActionsFor(null)).toEqual({ forms: [], mayVoid: false });
  });
});
