/**
 * A page that fails to draw (a bug) or whose code cannot be loaded (after a new release the old
 * chunk names are gone) shows a friendly page with a reload button, never a blank screen.
 */
import { RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Vite and the browsers word a failed dynamic import differently; all mean "reload for the new site". */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Unable to preload CSS/i.test(message);
}

export const CHUNK_FAILED_MESSAGE = 'A new version of the site is out. Please reload the page to continue.';
export const RENDER_FAILED_MESSAGE = 'Something went wrong while showing this page. Reloading it usually helps.';

type State = { error: unknown };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the browser's console for whoever investigates; the customer sees the page below.
    console.error('The page could not be shown:', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <main className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Sorry, this page did not load</h1>
        <p role="alert" className="max-w-md text-slate-600">
          {isChunkLoadError(this.state.error) ? CHUNK_FAILED_MESSAGE : RENDER_FAILED_MESSAGE}
        </p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" size={18} />
          Reload the page
        </button>
      </main>
    );
  }
}

/** One boundary per address: going to another page leaves a failed one behind. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
