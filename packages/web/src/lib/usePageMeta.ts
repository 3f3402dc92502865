import { useEffect } from 'react';
import { useCompany } from '../company/useCompany';

/** Each page is its own document for tabs, history and search engines. */
export function usePageMeta(title: string, description: string): void {
  const { name } = useCompany();
  useEffect(() => {
    document.title = `${title} | ${name}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description, name]);
}
