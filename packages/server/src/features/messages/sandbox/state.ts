/**
 * What the message sandbox holds while it runs, shared by its two providers' calls and the page:
 * the credentials it takes, what it received, and how it is told to misbehave.
 */
import { randomBytes } from 'node:crypto';
import type { CallbackQueue, WebhookCall } from './callbacks';
import type { SandboxMessage } from './page';
import { SANDBOX_TEST_NUMBERS } from './testNumbers';

export interface SandboxWhatsApp {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** What the sandbox says in the webhook's subscribe check (checkSubscription). */
  verifyToken: string;
}
export interface SandboxTwilio {
  accountSid: string;
  authToken: string;
  /** The sandbox's own sending number. */
  from: string;
}

/** The credentials the sandbox takes by default (tests use them; the demo's server makes random ones). */
export const SANDBOX_WHATSAPP: SandboxWhatsApp = {
  phoneNumberId: '100000000000001',
  accessToken: 'sandbox-whatsapp-access-token',
  appSecret: 'sandbox-whatsapp-app-secret',
  verifyToken: 'sandbox-whatsapp-verify-token',
};
export const SANDBOX_TWILIO: SandboxTwilio = { accountSid: `AC${'0'.repeat(32)}`, authToken: 'sandbox-twilio-auth-token', from: '+18765550100' };

export interface SandboxState {
  whatsapp: SandboxWhatsApp;
  twilio: SandboxTwilio;
  whatsappWebhookUrl: string | undefined;
  smsIncomingUrl: string | undefined;
  now: () => Date;
  queue: CallbackQueue;
  messages: SandboxMessage[];
  /** The last time each number wrote on WhatsApp: free text is delivered within 24 hours of it. */
  lastWhatsAppReply: Map<string, Date>;
  /** Numbers that sent STOP by SMS. */
  optedOut: Set<string>;
  /** Every number's statuses twice and out of order. */
  disorder: boolean;
  /** The next `count` sends answer `status`. */
  failing: { count: number; status: number };
}

/** A send call refused: the provider's HTTP status and its JSON answer. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly answer: unknown,
  ) {
    super('refused');
  }
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const backwards = <T>(list: readonly T[]): T[] => list.map((_, i) => list[list.length - 1 - i]!);

/** A random id in the provider's form. */
export const providerId = (channel: 'whatsapp' | 'sms') =>
  channel === 'whatsapp' ? `wamid.${randomBytes(18).toString('base64url')}` : `SM${randomBytes(16).toString('hex')}`;

/** The statuses of one message in order, or twice and shuffled for the box.disorder number. */
export function report(box: SandboxState, message: SandboxMessage, calls: WebhookCall[], final: SandboxMessage['state']): void {
  message.state = final;
  if (calls.length === 0 || calls[0]!.url === '') return;
  // read, delivered, sent, then again: the worst a provider does, and what the outbox must survive.
  const planned = box.disorder || message.phone === SANDBOX_TEST_NUMBERS.disorder ? [...backwards(calls), ...backwards(calls)] : calls;
  const hold = message.phone === SANDBOX_TEST_NUMBERS.held;
  for (const call of planned) box.queue.push(call, hold);
}

export function takeFailure(box: SandboxState, refuse: (status: number) => Refusal): void {
  if (box.failing.count > 0) {
    box.failing.count -= 1;
    throw refuse(box.failing.status);
  }
}
