/**
 * Who the booking is for: search as you type (name, e-mail or phone) and pick a customer, or add
 * someone new with a name, a phone number and, if they have one, an e-mail address.
 */
import type { CustomerMatch } from '@rental/contract/schemas';
import { useId, useState } from 'react';
import { controlProps, FormField } from '../FormField';
import { type CustomerChoice, customerSummary, newCustomerFrom, searchStatus } from './newBookingForm';
import { useCustomerSearch } from './newBookingQueries';

const EMAIL_HINT = 'They get the booking by e-mail and a link to choose a password for their account.';

export function CustomerFinder({ choice, onChange }: { choice: CustomerChoice; onChange: (choice: CustomerChoice) => void }) {
  const [text, setText] = useState('');
  const search = useCustomerSearch(text);
  const ids = useId();

  if (choice.kind === 'found') {
    return (
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3">
        <FoundCustomer customer={choice.customer} />
        <button type="button" className="btn-secondary min-h-11" onClick={() => onChange({ kind: 'none' })}>
          Choose someone else
        </button>
      </div>
    );
  }
  if (choice.kind === 'new') {
    const set = (changes: Partial<typeof choice>) => onChange({ ...choice, ...changes });
    return (
      <div className="space-y-3">
        <FormField id={`${ids}-name`} label="Name">
          <input {...controlProps(`${ids}-name`, undefined)} autoComplete="off" value={choice.name} onChange={(e) => set({ name: e.target.value })} />
        </FormField>
        <FormField id={`${ids}-phone`} label="Phone number">
          <input
            type="tel"
            {...controlProps(`${ids}-phone`, undefined)}
            autoComplete="off"
            value={choice.phone}
            onChange={(e) => set({ phone: e.target.value })}
          />
        </FormField>
        <FormField id={`${ids}-email`} label="E-mail address (if they have one)" hint={EMAIL_HINT}>
          <input
            type="email"
            {...controlProps(`${ids}-email`, undefined, { hint: EMAIL_HINT })}
            autoComplete="off"
            value={choice.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </FormField>
        <button type="button" className="btn-secondary min-h-11" onClick={() => onChange({ kind: 'none' })}>
          Search for a customer instead
        </button>
      </div>
    );
  }
  const found = search.data;
  return (
    <div className="space-y-3">
      <FormField id={`${ids}-search`} label="Find the customer">
        <input
          type="search"
          {...controlProps(`${ids}-search`, undefined)}
          autoComplete="off"
          placeholder="Name, e-mail or phone number"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <p role="status" className="text-sm text-slate-600">
        {searchStatus(text, text.trim().length >= 2 ? found : undefined, search.isFetching)}
      </p>
      {found && found.length > 0 && text.trim().length >= 2 && (
        <ul className="space-y-2" aria-label="Customers found">
          {found.map((customer) => (
            <li key={customer._id}>
              <button
                type="button"
                className="w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-primary"
                onClick={() => onChange({ kind: 'found', customer })}
              >
                <FoundCustomer customer={customer} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn-secondary min-h-11" onClick={() => onChange(newCustomerFrom(text))}>
        New customer
      </button>
    </div>
  );
}

function FoundCustomer({ customer }: { customer: CustomerMatch }) {
  const { contact, notes } = customerSummary(customer);
  const warn = customer.doNotRent || customer.vetting === 'rejected';
  return (
    <div className="min-w-0 text-sm">
      <p className="font-semibold text-slate-900">{customer.name}</p>
      <p className="break-words text-slate-700">{contact}</p>
      <p className={warn ? 'font-medium text-red-700' : 'text-slate-600'}>{notes.join(' · ')}</p>
    </div>
  );
}
