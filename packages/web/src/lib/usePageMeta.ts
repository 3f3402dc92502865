import { createContext, useContext, useEffect } from 'react';
import { useCompany } from '../company/useCompany';

/** A page's title and description as the server draws it (entry-server.tsx puts them in the page's head). */
export type DrawnPageMeta = { title?: string; description?: string };
/** Given only on the server, where effects do not run: the page tells its title here while it is drawn. */
export const DrawnPageMetaContext = createContext<((meta: DrawnPageMeta) => void) | null>(null);

/** Each page is its own document for tabs, history and search engines. */
export function usePageMeta(title: string, description: string): void {
  const { name } = useCompany();
  // Before the company's facts arrive its name is not known: the title alone, never the shipped company's.
  const fullTitle = name ? `${title} | ${name}` : title;
  // On the server only (renderPage): the browser sets the title in the effect below.
  useContext(DrawnPageMetaContext)?.({ title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [fullTitle, description]);
}
