/**
 * A question in front of the page before a change that cannot be taken back: two buttons that say
 * what each does (a browser's confirm() only has OK and Cancel, and "Cancel" reads as cancelling the
 * booking). Focus starts on the button that changes nothing, stays inside while it is open, and
 * returns to what opened it; Escape or a click beside it answers no.
 */
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
}

export function ConfirmDialog({ title, text, yes, no, onYes, onNo }: ConfirmDialogProps) {
  const id = useId();
  const noButton = useRef<HTMLButtonElement>(null);
  const yesButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    noButton.current?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onNo();
    } else if (event.key === 'Tab') {
      // Two buttons: Tab and Shift+Tab go from one to the other.
      event.preventDefault();
      (document.activeElement === noButton.current ? yesButton : noButton).current?.focus();
    }
  };

  return createPortal(
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- a click beside the question is a mouse shortcut for its no button
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center sm:p-4"
      onClick={(event) => {
        if (event.target === event.currentTarget) onNo();
      }}
      onKeyDown={onKeyDown}
    >
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl sm:p-6"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-slate-700">
          {text}
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button ref={noButton} type="button" className="btn-secondary min-h-11" onClick={onNo}>
            {no}
          </button>
          <button ref={yesButton} type="button" className="btn-primary min-h-11" onClick={onYes}>
            {yes}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
