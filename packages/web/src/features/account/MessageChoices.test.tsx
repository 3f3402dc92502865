/** A channel the customer stopped by answering STOP says so while it is off, and ticking it again is the way back. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MessageChoices } from './MessageChoices';

function Choices() {
  const [values, setValues] = useState({ whatsapp: false, sms: true });
  return (
    <MessageChoices
      idBase="t"
      email="ann@example.com"
      phone="876 555 0142"
      values={values}
      saved={{ whatsapp: { on: false, stopped: { at: '2026-11-28T15:00:00.000Z', by: 'stop_reply' } }, sms: { on: true, stopped: null } }}
      onChange={setValues}
    />
  );
}

describe('a channel stopped by STOP', () => {
  it('says the customer stopped it, and when; ticked again, the note goes', async () => {
    const user = userEvent.setup();
    render(<Choices />);
    const whatsapp = screen.getByRole('checkbox', { name: 'WhatsApp' });
    expect(whatsapp).toHaveAccessibleDescription(
      'You answered STOP to our WhatsApp messages on Sat 28 Nov 2026, so we stopped sending them. Tick it and save to get them again.',
    );
    expect(screen.getByRole('checkbox', { name: 'SMS text messages' })).toBeChecked();
    await user.click(whatsapp);
    expect(whatsapp).toBeChecked();
    expect(whatsapp).not.toHaveAccessibleDescription();
  });

  it('says nothing of a channel the customer turned off on the site', () => {
    render(
      <MessageChoices
        idBase="u"
        email=""
        phone=""
        values={{ whatsapp: false, sms: false }}
        saved={{ whatsapp: { on: false, stopped: { at: '2026-11-28T15:00:00.000Z', by: 'customer_choice' } }, sms: { on: false, stopped: null } }}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).not.toHaveAccessibleDescription();
    expect(screen.getByText('E-mail, always, once we have your address')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'How we reach you' })).toHaveAccessibleDescription(
      'Give your phone number above to get WhatsApp or text messages. Answer STOP to any of them to end them.',
    );
  });
});
