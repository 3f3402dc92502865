/** A staff invitation's e-mail, read as an owner reads it in the outbox. */
import { expect } from 'vitest';
import { typedApi } from './api';

/** The link to the invitation page in the e-mail sent to `email`, from the owner's outbox. */
export async function invitationLink(baseUrl: string, ownerToken: string, email: string): Promise<string> {
  const owner = typedApi(baseUrl, ownerToken);
  const { messages } = await owner.call('ownerOutbox');
  const message = messages.find((m) => m.recipient === email);
  expect(message, 'the invitation e-mail is in the outbox').toBeDefined();
  const { outboxMessage } = await owner.call('outboxMessage', { params: { id: message!._id } });
  const link = outboxMessage.links.find((l) => l.includes('/staff-invitation/'));
  expect(link, outboxMessage.text).toBeDefined();
  return link!;
}
