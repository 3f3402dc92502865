import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CarImage } from './CarImage';

const ours = '/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b';

describe('CarImage', () => {
  it('offers phones our smaller widths of the picture, laid out as a card by default', () => {
    render(<CarImage car={{ image: ours, brand: 'Toyota', model: 'Corolla' }} />);
    const img = screen.getByRole('img', { name: 'Toyota Corolla' });
    expect(img).toHaveAttribute('src', ours);
    expect(img).toHaveAttribute('srcset', `${ours}?w=320 320w, ${ours}?w=640 640w, ${ours}?w=800 800w, ${ours}?w=960 960w, ${ours} 1280w`);
    expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');
  });

  it('sizes a thumbnail as one and takes the sizes a page gives', () => {
    render(<CarImage car={{ image: ours, brand: 'Kia', model: 'Rio' }} width={96} height={60} />);
    expect(screen.getByRole('img', { name: 'Kia Rio' })).toHaveAttribute('sizes', '112px');
    render(<CarImage car={{ image: ours, brand: 'Kia', model: 'Soul' }} sizes="100vw" />);
    expect(screen.getByRole('img', { name: 'Kia Soul' })).toHaveAttribute('sizes', '100vw');
  });

  it('leaves a picture from elsewhere as it is: no widths we cannot serve', () => {
    render(<CarImage car={{ image: 'https://example.com/car.jpg', brand: 'Honda', model: 'Fit' }} />);
    expect(screen.getByRole('img', { name: 'Honda Fit' })).not.toHaveAttribute('srcset');
  });
});
