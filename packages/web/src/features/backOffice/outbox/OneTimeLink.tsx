/**
 * "Copy link": a customer's welcome or password link, for owners and managers to pass on by hand
 * when mail is off (docs/decisions/107). Asked of the server only when pressed (the letter's own
 * copy never holds it); shown too, so it can be copied by hand where the browser will not.
 */
import { WALK_IN_MESSAGES } from '@rental/contract/walkIns';
import { useMutation } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';

export function OneTimeLink({ id }: { id: string }) {
  const link = useMutation({
    mutationFn: () => callApi('outboxLink', { params: { id } }),
    onSuccess: async ({ link: value }) => {
      try {
        await navigator.clipboard.writeText(value);
        toast.success(WALK_IN_MESSAGES.linkCopied);
      } catch {
        toast.error(WALK_IN_MESSAGES.linkCopyFailed);
      }
    },
  });
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-6">
      <h3 className="font-semibold text-slate-900">The customer's link</h3>
      <p className="mt-1 text-sm text-slate-700">
        If this e-mail cannot reach them, copy the link and send it yourself (by text or WhatsApp). It works once, and stops working when the e-mail says.
      </p>
      <button type="button" className="btn-primary mt-3 inline-flex min-h-11 items-center gap-2" disabled={link.isPending} onClick={() => link.mutate()}>
        <Copy aria-hidden="true" size={16} />
        {link.isPending ? 'Copying…' : 'Copy link'}
      </button>
      {link.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorMessage(link.error)}
        </p>
      )}
      {link.data && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="block">The link:</span>
          <output aria-label="The customer's link" className="block font-mono break-all text-slate-900 select-all">
            {link.data.link}
          </output>
        </p>
      )}
    </div>
  );
}
