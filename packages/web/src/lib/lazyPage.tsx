import { type ComponentType, lazy } from 'react';

type PageModule = { default: ComponentType };

/**
 * A page whose code is downloaded when it is first shown (React.lazy), and that renders at once,
 * without suspending, once its code is here: after a first visit, or after `preload()`.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType & { preload: () => Promise<void> } {
  let Loaded: ComponentType | undefined;
  const remember = (module: PageModule) => {
    Loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  Page.preload = () => load().then((module) => void remember(module));
  return Page;
}
