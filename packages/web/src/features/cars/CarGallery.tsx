/**
 * The car page's pictures: swiped on a phone (CSS scroll-snap does the swiping, no carousel
 * library: the public pages have a JavaScript budget), previous/next buttons for mouse and keyboard
 * (Chromium also lets the keyboard scroll the strip itself), "2 / 5" for where one is. The frame has the pictures' proportions from
 * the first paint, so nothing moves when they arrive; the cover loads at once, the others lazily.
 */
import type { Car } from '@rental/contract/schemas';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { CarImage } from '../../components/CarImage';

type Props = {
  car: Pick<Car, 'brand' | 'model' | 'image' | 'pictures'>;
  /** The <img> sizes of the page's layout. */
  sizes: string;
};

// At either end the button stays focusable (a disabled button would drop the keyboard's focus) but fades.
const NAV_BUTTON =
  'absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white aria-disabled:cursor-default aria-disabled:opacity-40';

export function CarGallery({ car, sizes }: Props) {
  const pictures = car.pictures.length > 0 ? car.pictures : [car.image];
  const name = `${car.brand} ${car.model}`;
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const count = pictures.length;

  const show = (index: number) => {
    const element = track.current;
    if (!element) return;
    const target = Math.min(count - 1, Math.max(0, index));
    element.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' });
  };
  // The scroll position is the truth (a swipe moves it too); the counter follows it.
  const onScroll = () => {
    const element = track.current;
    if (element && element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
  };

  if (count === 1) {
    return <CarImage car={car} eager width={1280} height={800} sizes={sizes} className="aspect-[16/10] w-full rounded-2xl object-cover" />;
  }

  return (
    <section aria-roledescription="carousel" aria-label={`Pictures of the ${name}`} className="relative">
      <div
        ref={track}
        onScroll={onScroll}
        data-testid="gallery-track"
        // A scrolling strip must take the keyboard's focus (WCAG 2.1.1; axe scrollable-region-focusable):
        // focused, the arrow keys scroll it picture by picture, snapping as a swipe does.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="group"
        aria-label={`${name}: ${count} pictures; the arrow keys move between them`}
        className="flex aspect-[16/10] w-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-slate-100 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-scrollbar]:hidden"
      >
        {pictures.map((url, index) => (
          <div
            key={url}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="h-full w-full shrink-0 snap-start snap-always"
          >
            <CarImage
              car={{ ...car, image: url }}
              alt={index === 0 ? name : `${name}, picture ${index + 1} of ${count}`}
              eager={index === 0}
              width={1280}
              height={800}
              sizes={sizes}
              className="h-full w-full object-cover"
            />
          </div>
        ))}
      </div>
      <button type="button" className={`${NAV_BUTTON} left-3`} onClick={() => show(current - 1)} aria-disabled={current === 0} aria-label="Previous picture">
        <ChevronLeft aria-hidden="true" size={24} />
      </button>
      <button
        type="button"
        className={`${NAV_BUTTON} right-3`}
        onClick={() => show(current + 1)}
        aria-disabled={current === count - 1}
        aria-label="Next picture"
      >
        <ChevronRight aria-hidden="true" size={24} />
      </button>
      <p aria-live="polite" className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-3 py-1 text-sm font-medium text-white tabular-nums">
        {current + 1} / {count}
      </p>
    </section>
  );
}
