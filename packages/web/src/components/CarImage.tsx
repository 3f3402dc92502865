import type { Car } from '@rental/contract/schemas';
import { CarFront } from 'lucide-react';
import { useState } from 'react';

type Props = {
  car: Pick<Car, 'image' | 'brand' | 'model'>;
  className?: string;
  eager?: boolean;
  width?: number;
  height?: number;
};

/** A car's picture with fixed proportions; a calm placeholder if it is missing or broken. */
export function CarImage({ car, className = '', eager = false, width = 640, height = 400 }: Props) {
  const [broken, setBroken] = useState(false);
  const alt = `${car.brand} ${car.model}`;
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
