import type { Car } from '@rental/contract/schemas';
import { lazy, Suspense, useEffect, useState } from 'react';
import { CarImage } from '../../components/CarImage';

// Its own chunk: the car page's first JavaScript stays within the public pages' budget.
const loadGallery = () => import('./CarGallery').then((module) => ({ default: module.CarGallery }));
const CarGallery = lazy(loadGallery);

/**
 * The car page's picture: the cover at first paint, in the frame the gallery will have; for a car
 * with more pictures the gallery takes its place once its code has come, showing the same cover
 * (already loaded), so nothing moves. The server draws the cover alone and so does the browser's
 * first render, so hydration finds what the server drew (a lazy part there would make React
 * give up the server's HTML for that part).
 */
export function CarPictureGallery({ car, sizes }: { car: Pick<Car, 'brand' | 'model' | 'image' | 'pictures'>; sizes: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const cover = <CarImage car={car} eager width={1280} height={800} sizes={sizes} className="aspect-[16/10] w-full rounded-2xl object-cover" />;
  if (car.pictures.length <= 1 || !hydrated) return cover;
  return (
    <Suspense fallback={cover}>
      <CarGallery car={car} sizes={sizes} />
    </Suspense>
  );
}
