/**
 * The message sandbox's page: plain HTML a phone reads, one section per phone number with what was
 * sent to it and what it answered, a reply form under each, and the test numbers. No script.
 */
import type { MessageChannel } from '../provider';
import { SANDBOX_TEST_NUMBER_LIST } from './testNumbers';

/** What the sandbox received or was told, newest last. */
export interface SandboxMessage {
  /** The provider's id it answered (wamid.… / SM…), or of the reply. */
  id: string;
  channel: MessageChannel;
  direction: 'out' | 'in';
  /** The customer's number, E.164. */
  phone: string;
  /** WhatsApp templates: the name, language and parameters; the text for SMS and free text. */
  template?: { name: string; language: string; params: string[] };
  text?: string;
  at: Date;
  /** The last status the sandbox reported for an outgoing message. */
  state: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
}

export interface PageInput {
  messages: readonly SandboxMessage[];
  problem?: string;
  holding: boolean;
  held: number;
  disorder: boolean;
  webhooks: { whatsapp: string | undefined; sms: string | undefined };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const CHANNEL_WORDS = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

function line(message: SandboxMessage): string {
  const time = message.at.toISOString().slice(11, 16);
  const what = message.template
    ? `Template <code>${escapeHtml(message.template.name)}</code> (${escapeHtml(message.template.language)})${
        message.template.params.length > 0 ? `: ${message.template.params.map((p) => `“${escapeHtml(p)}”`).join(', ')}` : ''
      }`
    : escapeHtml(message.text ?? '').replace(/\n/g, '<br>');
  const who = message.direction === 'out' ? `To the customer by ${CHANNEL_WORDS[message.channel]}` : `From the customer by ${CHANNEL_WORDS[message.channel]}`;
  const state = message.direction === 'out' ? ` · <strong>${message.state}</strong>` : '';
  const side = message.direction === 'out' ? 'background:#eef6ee;margin-right:32px' : 'background:#eef1fb;margin-left:32px';
  return `<li style="list-style:none;padding:8px;border-radius:6px;margin:6px 0;${side}"><small>${who}, ${time} UTC${state}</small><br>${what}</li>`;
}

function replyForm(phone: string, channel: 'whatsapp' | 'sms'): string {
  return `<form method="post" action="/reply" style="margin:8px 0 0">
<input type="hidden" name="phone" value="${escapeHtml(phone)}">
<label>Reply as this customer<br><textarea name="body" rows="2" required style="width:100%;box-sizing:border-box"></textarea></label>
<p style="margin:4px 0"><label>by <select name="channel"><option value="whatsapp"${channel === 'whatsapp' ? ' selected' : ''}>WhatsApp</option><option value="sms"${
    channel === 'sms' ? ' selected' : ''
  }>SMS</option></select></label> <button type="submit">Send reply</button></p>
</form>`;
}

export function sandboxPage(input: PageInput): string {
  const byPhone = new Map<string, SandboxMessage[]>();
  for (const message of input.messages) byPhone.set(message.phone, [...(byPhone.get(message.phone) ?? []), message]);
  // The number with the newest message first.
  const phones = [...byPhone.entries()].sort(([, a], [, b]) => b[b.length - 1]!.at.getTime() - a[a.length - 1]!.at.getTime());
  const sections = phones
    .map(([phone, list]) => {
      const last = list[list.length - 1]!;
      return `<section id="n${escapeHtml(phone.slice(1))}" style="border-top:1px solid #ccc;padding:8px 0">
<h2 style="font-size:18px;margin:8px 0">${escapeHtml(phone)}</h2>
<ul style="padding:0;margin:0">${list.map(line).join('')}</ul>
${replyForm(phone, last.channel)}
</section>`;
    })
    .join('');
  const tests = SANDBOX_TEST_NUMBER_LIST.map(({ number, result }) => `<li><code>${number}</code>: ${escapeHtml(result)}</li>`).join('');
  const webhook = (url: string | undefined) => (url ? `<code>${escapeHtml(url)}</code>` : 'none set');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Messages (sandbox)</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:16px auto;padding:0 12px;color:#111;line-height:1.4">
<p style="background:#fff3cd;padding:8px">Message sandbox: nothing here reaches a real phone.</p>
<h1 style="font-size:22px;margin:8px 0">Messages by phone number</h1>
<p><a href="/">Refresh</a></p>
${input.problem ? `<p role="alert" style="color:#a00">${escapeHtml(input.problem)}</p>` : ''}
${sections || '<p>No message yet. Messages the site sends by WhatsApp or SMS appear here.</p>'}
<section style="border-top:1px solid #ccc;padding:8px 0">
<h2 style="font-size:18px;margin:8px 0">Write as another customer</h2>
<form method="post" action="/reply">
<p style="margin:4px 0"><label>Phone number<br><input name="phone" type="tel" placeholder="+18765550142" required style="width:100%;box-sizing:border-box"></label></p>
<p style="margin:4px 0"><label>Message<br><textarea name="body" rows="2" required style="width:100%;box-sizing:border-box"></textarea></label></p>
<p style="margin:4px 0"><label>by <select name="channel"><option value="whatsapp">WhatsApp</option><option value="sms">SMS</option></select></label> <button type="submit">Send</button></p>
</form>
</section>
<section style="border-top:1px solid #ccc;padding:8px 0">
<h2 style="font-size:18px;margin:8px 0">Statuses</h2>
<p>WhatsApp: sent, delivered, read. SMS: sent, delivered. Free text on WhatsApp fails (code 131047) unless the customer wrote within 24 hours. An SMS reply STOP stops SMS to that number (Twilio code 21610) until START.</p>
<form method="post" action="/control">
<p style="margin:4px 0">${
    input.holding || input.held > 0
      ? `<button type="submit" name="action" value="release">Release held statuses (${input.held})</button>`
      : '<button type="submit" name="action" value="hold">Hold statuses</button>'
  }
${
  input.disorder
    ? '<button type="submit" name="action" value="disorder-off">Send statuses in order</button>'
    : '<button type="submit" name="action" value="disorder-on">Send statuses twice, out of order</button>'
}</p>
</form>
<p><small>WhatsApp webhook: ${webhook(input.webhooks.whatsapp)}<br>SMS replies: ${webhook(input.webhooks.sms)}</small></p>
</section>
<section style="border-top:1px solid #ccc;padding:8px 0">
<h2 style="font-size:18px;margin:8px 0">Test numbers</h2>
<ul>${tests}</ul>
<p>Any other number gets every status, in order.</p>
</section>
</body></html>`;
}
