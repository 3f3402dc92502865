import { CAR_IMAGE_MAX_WIDTH, IMAGE_VARIANT_WIDTHS } from '@rental/contract/constants';
import type { Car } from '@rental/contract/schemas';
import { CarFront } from 'lucide-react';
import { useState } from 'react';

type Props = {
  car: Pick<Car, 'image' | 'brand' | 'model'>;
  className?: string;
  eager?: boolean;
  width?: number;
  height?: number;
  /** How wide the picture is laid out (the <img> sizes attribute); defaults suit a card or a thumbnail. */
  sizes?: string;
  /** Defaults to the car's name; a gallery names each picture ("…, picture 2 of 5"). */
  alt?: string;
};

/** Cards: one column on phones, two from 640 px, three (about 400 px each) from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
/** The owner's lists show pictures at most 112 px wide (w-28). */
const THUMBNAIL_SIZES = '112px';
const THUMBNAIL_MAX_WIDTH = 160;

/** Our own pictures come in smaller widths too (IMAGE_VARIANT_WIDTHS); the stored one is 1280 px at most. */
function pictureWidths(image: string): string | undefined {
  if (!image.startsWith('/api/images/')) return undefined;
  return [...IMAGE_VARIANT_WIDTHS.map((w) => `${image}?w=${w} ${w}w`), `${image} ${CAR_IMAGE_MAX_WIDTH}w`].join(', ');
}

/** A car's picture with fixed proportions; a calm placeholder if it is missing or broken. */
export function CarImage({ car, className = '', eager = false, width = 640, height = 400, sizes, alt = `${car.brand} ${car.model}` }: Props) {
  const [broken, setBroken] = useState(false);
  if (!car.image || broken) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`grid place-items-center bg-slate-100 text-slate-400 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <CarFront aria-hidden="true" size={48} />
      </div>
    );
  }
  return (
    <img
      src={car.image}
      srcSet={pictureWidths(car.image)}
      sizes={sizes ?? (width <= THUMBNAIL_MAX_WIDTH ? THUMBNAIL_SIZES : CARD_SIZES)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // The first pictures of a page are its largest paint: ask for them before anything else.
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setBroken(true)}
      className={`bg-slate-100 ${className}`}
    />
  );
}
