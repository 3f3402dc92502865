/** The owner's picture in the side menu: choose a file, see it, Save uploads it. */
import { Camera, Check, UserRound, X } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useSession } from '../../session/useSession';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from './imageFile';
import { useUpdateProfileImage } from './ownerQueries';
import { useFilePreview } from './useFilePreview';

export function ProfileImageEditor() {
  const { user, refreshUser } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const preview = useFilePreview(file);
  const upload = useUpdateProfileImage();
  const shown = preview ?? user?.image ?? '';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Choosing the same file again after Cancel must fire change again.
    event.target.value = '';
    if (!chosen) return;
    const problem = imageFileProblem(chosen);
    if (problem) {
      toast.error(problem);
      return;
    }
    setFile(chosen);
  };

  const save = () => {
    if (!file || upload.isPending) return;
    upload.mutate(file, {
      onSuccess: async () => {
        await refreshUser();
        setFile(null);
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-3 border-b border-slate-200 px-4 py-6">
      <label className="group relative cursor-pointer rounded-full focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-amber-500">
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
        <span className="sr-only">Change profile image</span>
        <input type="file" accept={ACCEPTED_IMAGE_TYPES} className="sr-only" onChange={choose} />
      </label>
      <div className="text-center">
        <p className="font-semibold text-slate-900">{user?.name || 'Owner'}</p>
        {user?.email && <p className="max-w-[14rem] truncate text-sm text-slate-500">{user.email}</p>}
      </div>
      {file && (
        <div className="flex gap-2">
          <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={save} disabled={upload.isPending}>
            <Check aria-hidden="true" size={16} />
            {upload.isPending ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-sm"
            onClick={() => setFile(null)}
            disabled={upload.isPending}
          >
            <X aria-hidden="true" size={16} />
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
