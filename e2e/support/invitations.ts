/** A staff invitation's e-mail, read as an owner reads it in the outbox, and a member who joined through it. */
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

/** A counter agent, as the owner makes one: invited, then joined through the link in the e-mail. */
export function counterAgent(baseUrl: string, ownerToken: string, runId: string): Promise<{ email: string; password: string; token: string }> {
  return staffMember(baseUrl, ownerToken, runId, 'agent', 'Kemar Counter');
}

/** A staff member of that role, as the owner makes one: invited, then joined through the link in the e-mail. */
export async function staffMember(
  baseUrl: string,
  ownerToken: string,
  runId: string,
  staffRole: 'agent' | 'manager',
  name: string,
): Promise<{ email: string; password: string; token: string }> {
  const email = `${staffRole}.${runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Staff-pass-2024';
  const owner = typedApi(baseUrl, ownerToken);
  await owner.call('inviteStaff', { body: { email, staffRole } });
  const link = await invitationLink(baseUrl, ownerToken, email);
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
  const visitor = typedApi(baseUrl);
  await visitor.call('acceptStaffInvitation', { body: { token, name, password } });
  const login = await visitor.call('login', { body: { email, password } });
  return { email, password, token: login.token };
}
