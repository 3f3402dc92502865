/**
 * The owner's picture in the side menu. Its file input exists only while the editor is open: the
 * menu comes before the page in the document, and a page with a picture of its own (the car form)
 * must have that picture's input as the first one a screen reader or a test finds.
 */
import { Camera, Check, UserRound, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../session/useSession';
import { FormField } from './FormField';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from './imageFile';
import { useUpdateProfileImage } from './backOfficeQueries';
import { useFilePreview } from './useFilePreview';

const PICTURE_HINT = 'A JPEG, PNG or WebP picture, up to 10 MB.';

export function ProfileImageEditor() {
  const { user, refreshUser } = useSession();
  const [editing, setEditing] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const preview = useFilePreview(file);
  const upload = useUpdateProfileImage();
  const shown = preview ?? user?.image ?? '';
  const inputId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // Opening moves the focus to the picture's input; closing gives it back to the button.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) input.current?.focus();
    else if (wasEditing.current) openButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const close = () => {
    setEditing(false);
    setFile(null);
    setProblem('');
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    const wrong = imageFileProblem(chosen);
    setProblem(wrong ?? '');
    setFile(wrong ? null : chosen);
  };

  const save = () => {
    if (upload.isPending) return;
    if (!file) {
      setProblem('Please choose a picture first.');
      input.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: async () => {
        await refreshUser();
        close();
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-3 border-b border-slate-200 px-4 py-6">
      <button
        ref={openButton}
        type="button"
        className="group relative rounded-full"
        aria-expanded={editing}
        onClick={() => (editing ? close() : setEditing(true))}
      >
        {shown ? (
          <img src={shown} alt="" width={88} height={88} className="h-22 w-22 rounded-full object-cover ring-2 ring-slate-200" />
        ) : (
          <span className="grid h-22 w-22 place-items-center rounded-full bg-slate-100 text-slate-400 ring-2 ring-slate-200">
            <UserRound aria-hidden="true" size={40} />
          </span>
        )}
        <span className="absolute right-0 bottom-0 grid h-8 w-8 place-items-center rounded-full bg-primary text-white shadow group-hover:bg-primary-dull">
          <Camera aria-hidden="true" size={16} />
        </span>
        <span className="sr-only">Change profile picture</span>
      </button>
      <div className="text-center">
        <p className="font-semibold text-slate-900">{user?.name || 'Owner'}</p>
        {user?.email && <p className="max-w-[14rem] truncate text-sm text-slate-500">{user.email}</p>}
      </div>
      {editing && (
        <div className="w-full space-y-3">
          <FormField id={inputId} label="Profile picture" error={problem || undefined} hint={PICTURE_HINT}>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              onChange={choose}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
              className="block w-full min-w-0 rounded-lg text-xs text-slate-600 file:mr-2 file:rounded-lg file:border-0 file:bg-primary-light file:px-3 file:py-2 file:text-sm file:font-medium file:text-primary hover:file:bg-blue-200"
            />
          </FormField>
          <div className="flex justify-center gap-2">
            <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={save} disabled={upload.isPending}>
              <Check aria-hidden="true" size={16} />
              {upload.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={close} disabled={upload.isPending}>
              <X aria-hidden="true" size={16} />
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
