import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarGallery } from './CarGallery';

const picture = (n: number) => `/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1${n}`;
const car = { brand: 'Mazda', model: 'MX-5', image: picture(1), pictures: [picture(1), picture(2), picture(3)] };
const WIDTH = 390;

describe('CarGallery', () => {
  // jsdom lays nothing out: the track is given a phone's width, and a scroll moves it at once.
  const originalScrollTo = HTMLElement.prototype.scrollTo;
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
    HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
      this.scrollLeft = typeof options === 'object' ? (options.left ?? 0) : 0;
      fireEvent.scroll(this);
    } as typeof HTMLElement.prototype.scrollTo;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    HTMLElement.prototype.scrollTo = originalScrollTo;
  });

  it('names every picture, loads the cover at once and the others lazily, in the page’s sizes', () => {
    render(<CarGallery car={car} sizes="100vw" />);
    const gallery = screen.getByRole('region', { name: 'Pictures of the Mazda MX-5' });
    const images = within(gallery).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Mazda MX-5', 'Mazda MX-5, picture 2 of 3', 'Mazda MX-5, picture 3 of 3']);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[1]).toHaveAttribute('srcset', expect.stringContaining(`${picture(2)}?w=640 640w`));
    for (const img of images) {
      expect(img).toHaveAttribute('sizes', '100vw');
      // Width and height given: the frame is reserved before the picture arrives.
      expect(img).toHaveAttribute('width', '1280');
      expect(img).toHaveAttribute('height', '800');
    }
  });

  it('moves with the buttons, by mouse or keyboard, and with a swipe, and says where one is', async () => {
    render(<CarGallery car={car} sizes="100vw" />);
    const previous = screen.getByRole('button', { name: 'Previous picture' });
    const next = screen.getByRole('button', { name: 'Next picture' });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(next);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(previous).toHaveAttribute('aria-disabled', 'false');

    next.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // At the end the button keeps the focus and does nothing.
    await userEvent.keyboard(' ');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(next).toHaveFocus();

    // A finger swipe back to the first picture: the browser scrolls, the counter follows.
    const track = screen.getByTestId('gallery-track');
    track.scrollLeft = 0;
    fireEvent.scroll(track);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await userEvent.click(previous);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('is a plain picture when the car has one', () => {
    render(<CarGallery car={{ ...car, pictures: [car.image] }} sizes="100vw" />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mazda MX-5' })).toHaveAttribute('loading', 'eager');
  });
});
