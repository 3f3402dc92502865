import type { ReactNode } from 'react';

/** The licence's front, photographed at the desk with the phone's back camera (or chosen as a file). */
export function LicencePhotoInput({ id, onPick, children }: { id: string; onPick: (file: File | null) => void; children?: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Photo of the licence (front)
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        capture="environment"
        className="block w-full text-sm"
        onChange={(event) => onPick(event.target.files?.[0] ?? null)}
      />
      {children}
    </div>
  );
}
