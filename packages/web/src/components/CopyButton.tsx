/**
 * Copies a value a person would otherwise type by hand into their bank's app (an account number, a
 * booking reference): one tap, then a toast saying what was copied, or how to copy it without.
 */
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from '../lib/toast';

export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
    return true;
  } catch {
    toast.error(`This browser would not copy it: select the ${what.toLowerCase()} and copy it by hand.`);
    return false;
  }
}

export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="ml-1.5 inline-grid h-9 w-9 place-items-center rounded-md border border-slate-300 bg-white align-middle text-slate-700 hover:border-primary hover:text-primary"
      title={`Copy ${what.toLowerCase()}`}
      aria-label={`Copy ${what.toLowerCase()}`}
      onClick={() => void copyText(text, what).then(setCopied)}
    >
      {/* An icon the banking apps' users know; its name is the aria-label, so the sentence around it reads on. */}
      {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
    </button>
  );
}
