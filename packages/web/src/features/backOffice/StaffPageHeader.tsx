import type { ReactNode } from 'react';

export function StaffPageHeader({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 max-w-2xl text-slate-600">{description}</p>
      </div>
      {action}
    </div>
  );
}
