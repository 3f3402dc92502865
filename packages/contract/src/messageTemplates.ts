/**
 * The short messages that go by WhatsApp or SMS beside an e-mail (issue 36): one home for their
 * words. Each is a WhatsApp template as it is registered with Meta (name, language, category, body
 * with numbered placeholders {{1}}..{{n}}, an example per placeholder), the names of its parameters
 * in order, and the plain text an SMS (or a WhatsApp free-text message inside the 24-hour window)
 * carries: the same body with the parameters in place. features/mail fills them from the facts its
 * e-mails are written from, so the two never disagree; `node scripts/message-templates.mjs` prints
 * what to register with Meta.
 *
 * Meta's rules kept here (WhatsApp Business Platform, template guidelines): a template's name is
 * lowercase letters, digits and underscores; its body is at most 1,024 characters, does not start
 * or end with a placeholder, and has words between two placeholders; placeholders are numbered
 * from 1 with no gap. A parameter sent is never empty and holds no newline, no tab and no more than
 * 4 consecutive spaces (the Cloud API refuses the message otherwise). A one-time code goes in an
 * AUTHENTICATION template, whose body is Meta's own fixed words with a copy-code button: a utility
 * template carrying a code is re-categorised or refused.
 *
 * Length: an SMS of GSM-7 characters is one segment up to 160 characters, and 153 a segment beyond;
 * a single character outside GSM-7 makes the whole text UCS-2 (70, then 67 a segment). Every text
 * here is GSM-7 in its own words and aims at 2 segments (306 characters) at most with realistic
 * long values (a long company name and place, the site's full address in links); the tests hold it.
 */
import { CHECK_IN_CODE_MINUTES } from './onlineCheckIn';
import { groupedNumber } from './numbers';

export type MessageCategory = 'UTILITY' | 'AUTHENTICATION';

interface TemplateSpec {
  category: MessageCategory;
  /** The names of {{1}}..{{n}}, in order. */
  params: readonly string[];
  /** The WhatsApp body; for AUTHENTICATION, Meta's fixed words (registered as options, not as text). */
  body: string;
  /** The SMS and free-text words, when they differ from the body (the same placeholders). */
  sms?: string;
  /** A realistic value per parameter, in order: Meta asks for one with every placeholder. */
  examples: readonly string[];
  /** A parameter that must not be kept readable once sent (decision 124: staff never read a sent code). */
  secret?: string;
}

/** The placeholder a kept copy holds where a secret parameter was (the code itself waits beside it, then goes). */
export const MESSAGE_SECRET_PLACEHOLDER = 'code-not-kept';

const SITE = 'https://rent.waterfordcarrental.com';

export const MESSAGE_TEMPLATES = {
  // features/mail letters.ts bookingMadeLetter (event book)
  booking_received: {
    category: 'UTILITY',
    params: ['name', 'company', 'reference', 'pickupDay', 'returnDay', 'total', 'bookingLink'],
    body: 'Hi {{1}}, thanks for booking with {{2}}. Booking {{3}} from {{4}} to {{5}}, total {{6}}, is received; we will message you once it is confirmed. See it at {{7}} or reply here.',
    examples: ['Jane', 'Waterford Car Rental', 'WR-7K2M9', 'Sat 28 Nov 2026', 'Tue 1 Dec 2026', 'J$34,500', `${SITE}/my-bookings/WR-7K2M9`],
  },
  // letters.ts bookingConfirmedLetter (event confirm)
  booking_confirmed: {
    category: 'UTILITY',
    params: ['name', 'company', 'reference', 'pickupDay', 'place', 'checkInLink'],
    body: 'Hi {{1}}, good news: {{2}} has confirmed booking {{3}}. Pickup is {{4}} at {{5}}. Save time at the counter: check in online at {{6}} before you come.',
    examples: ['Jane', 'Waterford Car Rental', 'WR-7K2M9', 'Sat 28 Nov 2026', 'Waterford', `${SITE}/my-bookings/WR-7K2M9/check-in`],
  },
  // reminderLetters.ts pickupReminderLetter (event pickup_reminded)
  pickup_reminder: {
    category: 'UTILITY',
    params: ['name', 'company', 'car', 'pickupDay', 'place', 'reference', 'checkInLink'],
    body: 'Hi {{1}}, this is {{2}}: your {{3}} is ready tomorrow, {{4}}, at {{5}}, booking {{6}}. Check in online at {{7}} to save time.',
    examples: ['Jane', 'Waterford Car Rental', 'Toyota Axio', 'Sat 28 Nov 2026', 'Waterford', 'WR-7K2M9', `${SITE}/my-bookings/WR-7K2M9/check-in`],
  },
  // counterLetters.ts returnReminderLetter (event return_reminded)
  return_reminder: {
    category: 'UTILITY',
    params: ['name', 'company', 'car', 'returnTime', 'returnDay', 'place', 'reference'],
    body: 'Hi {{1}}, a reminder from {{2}}: please bring the {{3}} back by {{4}} tomorrow, {{5}}, to {{6}} (booking {{7}}). Need it longer? Reply here before then.',
    examples: ['Jane', 'Waterford Car Rental', 'Toyota Axio', '6:00 pm', 'Tue 1 Dec 2026', 'Waterford', 'WR-7K2M9'],
  },
  // folioLetters.ts chargeAddedLetter, lateChargeLetter (event charge_added), when something is owed
  payment_due: {
    category: 'UTILITY',
    params: ['name', 'company', 'amount', 'reference', 'payLink'],
    body: 'Hi {{1}}, this is {{2}}. You have {{3}} to pay on booking {{4}}: pay it, or see how, at {{5}} or reply here with any questions.',
    examples: ['Jane', 'Waterford Car Rental', 'J$4,600', 'WR-7K2M9', `${SITE}/my-bookings/WR-7K2M9`],
  },
  // reminderLetters.ts holdEndingLetter (event hold_ending_reminded): a bank deposit before the hold ends
  deposit_due: {
    category: 'UTILITY',
    params: ['name', 'company', 'amount', 'reference', 'deadline', 'bookingLink'],
    body: 'Hi {{1}}, this is {{2}}: please pay {{3}} for booking {{4}} by {{5}}, or the booking is cancelled. See our bank details at {{6}} (already paid? Thank you).',
    examples: ['Jane', 'Waterford Car Rental', 'J$34,500', 'WR-7K2M9', 'Sat 28 Nov 2026 at 3:45 pm (Jamaica time)', `${SITE}/my-bookings/WR-7K2M9`],
  },
  // counterLetters.ts carReturnedLetter (event check_in)
  receipt_ready: {
    category: 'UTILITY',
    params: ['name', 'company', 'receipt', 'reference', 'owing', 'bookingLink'],
    body: 'Hi {{1}}, thank you for renting with {{2}}. Your receipt {{3}} for booking {{4}} is ready; still to pay: {{5}}. See it at {{6}} and reply here with any questions.',
    examples: ['Jane', 'Waterford Car Rental', 'R-2026-0042', 'WR-7K2M9', 'nothing', `${SITE}/my-bookings/WR-7K2M9`],
  },
  // features/mail bookingMessages.ts: a staff member's words, outside WhatsApp's 24 hours after the customer last wrote
  staff_message: {
    category: 'UTILITY',
    params: ['name', 'company', 'reference', 'text'],
    body: 'Hi {{1}}, a message from {{2}} about booking {{3}} follows. {{4}} Reply here to answer.',
    examples: ['Jane', 'Waterford Car Rental', 'WR-7K2M9', 'Your car is ready early: you can pick it up from 8 am tomorrow if that suits you.'],
  },
  // checkInLetters.ts checkInCodeLetter (event check_in_code_sent)
  check_in_code: {
    category: 'AUTHENTICATION',
    params: ['code'],
    body: '{{1}} is your verification code. For your security, do not share this code.',
    sms: `{{1}} is your code to sign your rental agreement online. It works for ${CHECK_IN_CODE_MINUTES} minutes; do not share it.`,
    examples: ['482913'],
    secret: 'code',
  },
} as const satisfies Record<string, TemplateSpec>;

export type MessageTemplateName = keyof typeof MESSAGE_TEMPLATES;
export const MESSAGE_TEMPLATE_NAMES = Object.keys(MESSAGE_TEMPLATES) as MessageTemplateName[];

/** The named values a template takes: every parameter, by its name. */
export type MessageValues<N extends MessageTemplateName> = Record<(typeof MESSAGE_TEMPLATES)[N]['params'][number], string>;

/** A letter's message for WhatsApp and SMS: the template, its parameters in order, and the text an SMS carries. */
export interface ChannelMessage {
  template: MessageTemplateName;
  language: 'en';
  params: string[];
  text: string;
}

export const MESSAGE_LANGUAGE = 'en';

/** Why a value cannot be a template's parameter (null: it can): the Cloud API's own refusals. */
export function templateParamProblem(value: string): string | null {
  if (value.trim() === '') return 'is empty';
  if (/[\n\r\t]/.test(value)) return 'holds a newline or a tab';
  if (/ {5}/.test(value)) return 'holds more than 4 consecutive spaces';
  return null;
}

/** A value as a parameter: every run of white space (a newline typed in a name) one space, trimmed. Still empty: refused. */
export function messageParam(value: string): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  if (clean === '') throw new Error('a message parameter is empty');
  return clean;
}

/** The placeholders' numbers in the order they appear. */
export function placeholdersOf(body: string): number[] {
  return [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
}

function fill(words: string, params: readonly string[]): string {
  return words.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** The plain text of a template with its parameters in order (an SMS, or a WhatsApp free-text message); a bad parameter is refused. */
export function renderMessage(name: MessageTemplateName, params: readonly string[]): string {
  const template: TemplateSpec = MESSAGE_TEMPLATES[name];
  if (params.length !== template.params.length) throw new Error(`${name} takes ${template.params.length} parameters, not ${params.length}`);
  params.forEach((value, i) => {
    const problem = templateParamProblem(value);
    if (problem) throw new Error(`${name}'s parameter ${template.params[i]} ${problem}`);
  });
  return fill(template.sms ?? template.body, params);
}

/** The message of a template from its named values, each made a clean parameter. */
export function channelMessage<N extends MessageTemplateName>(name: N, values: MessageValues<N>): ChannelMessage {
  const names: readonly string[] = MESSAGE_TEMPLATES[name].params;
  const named: Record<string, string> = values;
  const params = names.map((param) => messageParam(named[param] ?? ''));
  return { template: name, language: MESSAGE_LANGUAGE, params, text: renderMessage(name, params) };
}

/**
 * The copy an outbox may keep of a message: a secret parameter (the check-in code) as
 * MESSAGE_SECRET_PLACEHOLDER in its params and text, the secret beside it to hold only until sent.
 */
export function storableMessage(message: ChannelMessage): { message: ChannelMessage; secret: string | null } {
  const template: TemplateSpec = MESSAGE_TEMPLATES[message.template];
  const at = template.secret ? template.params.indexOf(template.secret) : -1;
  if (at < 0) return { message, secret: null };
  const params = message.params.map((value, i) => (i === at ? MESSAGE_SECRET_PLACEHOLDER : value));
  return { message: { ...message, params, text: renderMessage(message.template, params) }, secret: message.params[at] ?? null };
}

/** The message as it is sent: the secret back in its place. */
export function sendableMessage(stored: ChannelMessage, secret: string | null): ChannelMessage {
  if (secret === null) return stored;
  const params = stored.params.map((value) => (value === MESSAGE_SECRET_PLACEHOLDER ? secret : value));
  return { ...stored, params, text: renderMessage(stored.template, params) };
}

/** An amount as a short message says it: "J$12,500" (formatMoney's "$12,500 JMD" is the e-mail's); another currency by its code. */
export function messageMoney(amount: number, currency: string): string {
  const whole = Math.round(amount);
  const sign = whole < 0 ? '-' : '';
  const digits = groupedNumber(Math.abs(whole));
  if (currency === 'JMD') return `${sign}J$${digits}`;
  if (currency === 'USD') return `${sign}US$${digits}`;
  return `${sign}${currency} ${digits}`;
}

/** "Jane" from "Jane Brown": how a short message greets; "there" when no name was given. */
export function greetingName(name: string): string {
  return name.trim().split(/\s+/)[0] || 'there';
}

// GSM 03.38: the basic set (one septet each) and its extension table (two: escape and character).
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/** How an SMS of this text travels: its encoding, its length in that encoding's units, and how many segments it is billed as. */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      const units = text.length; // UTF-16 code units
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** One template as it is registered with Meta (scripts/message-templates.mjs prints them). */
export interface TemplateToRegister {
  name: MessageTemplateName;
  language: typeof MESSAGE_LANGUAGE;
  category: MessageCategory;
  body: string;
  params: readonly string[];
  examples: readonly string[];
  /** The Message Templates API's components, as they are sent to create it. */
  components: unknown[];
}

export function templatesToRegister(): TemplateToRegister[] {
  return MESSAGE_TEMPLATE_NAMES.map((name) => {
    const template: TemplateSpec = MESSAGE_TEMPLATES[name];
    const components: unknown[] =
      template.category === 'AUTHENTICATION'
        ? [
            { type: 'BODY', add_security_recommendation: true },
            { type: 'FOOTER', code_expiration_minutes: CHECK_IN_CODE_MINUTES },
            { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
          ]
        : [{ type: 'BODY', text: template.body, example: { body_text: [template.examples] } }];
    return {
      name,
      language: MESSAGE_LANGUAGE,
      category: template.category,
      body: template.body,
      params: template.params,
      examples: template.examples,
      components,
    };
  });
}
