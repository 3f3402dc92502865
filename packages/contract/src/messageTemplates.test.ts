import { describe, expect, it } from 'vitest';
import {
  channelMessage,
  MESSAGE_SECRET_PLACEHOLDER,
  MESSAGE_TEMPLATE_NAMES,
  MESSAGE_TEMPLATES,
  type MessageTemplateName,
  messageMoney,
  messageParam,
  placeholdersOf,
  renderMessage,
  sendableMessage,
  smsSegments,
  storableMessage,
  templateParamProblem,
  templatesToRegister,
} from './messageTemplates';

/** The longest values a real letter can give each parameter: names at their fields' limits, a long site address, the longest dates and amounts. */
const LONG: Record<string, string> = {
  name: 'Christopher-Alexander',
  company: 'Waterford Car Rental & Tours Limited',
  reference: 'WR-7K2M9',
  pickupDay: 'Wed 30 Sep 2026',
  returnDay: 'Wed 30 Dec 2026',
  total: 'J$1,234,500',
  amount: 'J$1,234,500',
  bookingLink: 'https://rent.waterfordcarrental.com/my-bookings/WR-7K2M9',
  payLink: 'https://rent.waterfordcarrental.com/my-bookings/WR-7K2M9',
  checkInLink: 'https://rent.waterfordcarrental.com/my-bookings/WR-7K2M9/check-in',
  place: 'Norman Manley International, KIN',
  car: 'Toyota Land Cruiser Prado',
  returnTime: '12:00 pm',
  deadline: 'Wed 30 Sep 2026 at 12:45 pm (Jamaica time)',
  receipt: 'R-2026-00042',
  owing: 'J$1,234,500',
  code: '482913',
  text: 'Your car is ready early: you can pick it up from 8 am tomorrow if that suits you. Please bring your licence and the card you paid with.',
};

const longValues = (name: MessageTemplateName) => MESSAGE_TEMPLATES[name].params.map((param) => LONG[param] ?? '');

describe('the catalog of WhatsApp and SMS messages', () => {
  it.each(MESSAGE_TEMPLATE_NAMES)('%s: a name Meta takes, placeholders 1..n in order with no gap, one example per parameter', (name) => {
    const template = MESSAGE_TEMPLATES[name];
    expect(name).toMatch(/^[a-z0-9_]{1,512}$/);
    const n = template.params.length;
    const count = Array.from({ length: n }, (_, i) => i + 1);
    expect(placeholdersOf(template.body)).toEqual(count);
    if ('sms' in template) expect(placeholdersOf(template.sms)).toEqual(count);
    expect(template.examples).toHaveLength(n);
    for (const example of template.examples) expect(templateParamProblem(example)).toBeNull();
    expect(new Set(template.params).size).toBe(n);
    expect(template.body.length).toBeLessThanOrEqual(1024);
  });

  it.each(MESSAGE_TEMPLATE_NAMES.filter((name) => MESSAGE_TEMPLATES[name].category === 'UTILITY'))(
    '%s: the body neither starts nor ends with a placeholder, and words stand between two of them',
    (name) => {
      const body = MESSAGE_TEMPLATES[name].body;
      expect(body).not.toMatch(/^\s*\{\{/);
      expect(body).not.toMatch(/\}\}\W*$/);
      for (const between of body.split(/\{\{\d+\}\}/).slice(1, -1)) expect(between).toMatch(/[A-Za-z]/);
    },
  );

  it('a one-time code goes in an AUTHENTICATION template of Meta’s own words, and is the secret a kept copy leaves out', () => {
    expect(MESSAGE_TEMPLATES.check_in_code.category).toBe('AUTHENTICATION');
    expect(MESSAGE_TEMPLATES.check_in_code.body).toBe('{{1}} is your verification code. For your security, do not share this code.');
    const others = MESSAGE_TEMPLATE_NAMES.filter((name) => name !== 'check_in_code');
    for (const name of others) expect(MESSAGE_TEMPLATES[name].category).toBe('UTILITY');
  });

  it.each(MESSAGE_TEMPLATE_NAMES)('%s renders with its examples: every placeholder filled, nothing left in braces', (name) => {
    const text = renderMessage(name, MESSAGE_TEMPLATES[name].examples);
    expect(text).not.toMatch(/\{\{|\}\}/);
    for (const example of MESSAGE_TEMPLATES[name].examples) expect(text).toContain(example);
  });

  it.each(MESSAGE_TEMPLATE_NAMES)('%s: with the longest realistic values, an SMS of GSM-7 characters in at most 2 segments', (name) => {
    const text = renderMessage(name, longValues(name));
    const sms = smsSegments(text);
    expect(sms.encoding).toBe('GSM-7');
    expect(sms.segments, `${name} (${sms.units} characters): ${text}`).toBeLessThanOrEqual(2);
  });

  it('the code fits one segment; the others, with everyday values (the examples), 2 at most', () => {
    expect(smsSegments(renderMessage('check_in_code', ['482913'])).segments).toBe(1);
    for (const name of MESSAGE_TEMPLATE_NAMES) expect(smsSegments(renderMessage(name, MESSAGE_TEMPLATES[name].examples)).segments).toBeLessThanOrEqual(2);
  });
});

describe("a template's parameters", () => {
  it('are never empty, multi-line, tabbed or with more than 4 consecutive spaces', () => {
    expect(templateParamProblem('')).toBe('is empty');
    expect(templateParamProblem('   ')).toBe('is empty');
    expect(templateParamProblem('Jane\nBrown')).toBe('holds a newline or a tab');
    expect(templateParamProblem('Jane\r\nBrown')).toBe('holds a newline or a tab');
    expect(templateParamProblem('Jane\tBrown')).toBe('holds a newline or a tab');
    expect(templateParamProblem('Jane     Brown')).toBe('holds more than 4 consecutive spaces');
    expect(templateParamProblem('Jane    Brown')).toBeNull();
    expect(templateParamProblem('Jane Brown')).toBeNull();
  });

  it('rendering refuses a bad parameter, or too few or too many', () => {
    const good = [...MESSAGE_TEMPLATES.payment_due.examples];
    expect(() =>
      renderMessage(
        'payment_due',
        good.map((value, i) => (i === 0 ? 'Jane\nBrown' : value)),
      ),
    ).toThrow(/name holds a newline/);
    expect(() =>
      renderMessage(
        'payment_due',
        good.map((value, i) => (i === 2 ? '' : value)),
      ),
    ).toThrow(/amount is empty/);
    expect(() => renderMessage('payment_due', good.slice(1))).toThrow(/takes 5 parameters, not 4/);
    expect(() => renderMessage('payment_due', [...good, 'more'])).toThrow(/not 6/);
  });

  it('made from named values: white space runs (a newline typed in a name) become one space; an empty value is refused', () => {
    expect(messageParam('  Jane \n\t Brown   ')).toBe('Jane Brown');
    expect(() => messageParam(' \n ')).toThrow(/empty/);
    const message = channelMessage('payment_due', {
      name: 'Jane\nBrown',
      company: 'Waterford     Car Rental',
      amount: 'J$4,600',
      reference: 'WR-7K2M9',
      payLink: 'https://rent.example.com/my-bookings/WR-7K2M9',
    });
    expect(message).toEqual({
      template: 'payment_due',
      language: 'en',
      params: ['Jane Brown', 'Waterford Car Rental', 'J$4,600', 'WR-7K2M9', 'https://rent.example.com/my-bookings/WR-7K2M9'],
      text: 'Hi Jane Brown, this is Waterford Car Rental. You have J$4,600 to pay on booking WR-7K2M9: pay it, or see how, at https://rent.example.com/my-bookings/WR-7K2M9 or reply here with any questions.',
    });
    expect(() => channelMessage('payment_due', { name: '', company: 'W', amount: 'J$1', reference: 'R', payLink: 'L' })).toThrow(/empty/);
  });
});

describe('a secret parameter', () => {
  it('a kept copy holds the placeholder, never the code; the code back in its place gives the message as sent', () => {
    const sent = channelMessage('check_in_code', { code: '482913' });
    expect(sent.params).toEqual(['482913']);
    expect(sent.text).toContain('482913');
    const { message: kept, secret } = storableMessage(sent);
    expect(secret).toBe('482913');
    expect(JSON.stringify(kept)).not.toContain('482913');
    expect(kept.params).toEqual([MESSAGE_SECRET_PLACEHOLDER]);
    expect(sendableMessage(kept, secret)).toEqual(sent);
  });

  it('a message without one is kept whole', () => {
    const message = channelMessage('receipt_ready', {
      name: 'Jane',
      company: 'Waterford Car Rental',
      receipt: 'R-1',
      reference: 'WR-7K2M9',
      owing: 'nothing',
      bookingLink: 'https://x.example/my-bookings/WR-7K2M9',
    });
    expect(storableMessage(message)).toEqual({ message, secret: null });
  });
});

describe('amounts and lengths', () => {
  it('money as J$ with thousands separators, another currency by its code', () => {
    expect(messageMoney(1234500, 'JMD')).toBe('J$1,234,500');
    expect(messageMoney(8500, 'JMD')).toBe('J$8,500');
    expect(messageMoney(-7800, 'JMD')).toBe('-J$7,800');
    expect(messageMoney(120, 'USD')).toBe('US$120');
    expect(messageMoney(120, 'EUR')).toBe('EUR 120');
  });

  it('counts GSM-7 segments, the extension characters as two, and anything else as UCS-2', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('Jane’s car')).toEqual({ encoding: 'UCS-2', units: 10, segments: 1 });
    expect(smsSegments('’'.repeat(71)).segments).toBe(2);
  });
});

describe('the list to register with Meta', () => {
  it('names every template once, with its category, language and an example for each placeholder', () => {
    const list = templatesToRegister();
    expect(list.map((t) => t.name)).toEqual(MESSAGE_TEMPLATE_NAMES);
    for (const t of list) {
      expect(t.language).toBe('en');
      expect(t.examples).toHaveLength(placeholdersOf(t.body).length);
    }
    const utility = list.find((t) => t.name === 'pickup_reminder')!;
    expect(utility.components).toEqual([
      { type: 'BODY', text: MESSAGE_TEMPLATES.pickup_reminder.body, example: { body_text: [MESSAGE_TEMPLATES.pickup_reminder.examples] } },
    ]);
    const code = list.find((t) => t.name === 'check_in_code')!;
    expect(code.category).toBe('AUTHENTICATION');
    expect(code.components).toContainEqual({ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] });
  });
});
