import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CarPictureGallery } from './CarPictureGallery';

const picture = (n: number) => `/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1${n}`;
const car = { brand: 'Toyota', model: 'Noah', image: picture(1), pictures: [picture(1), picture(2), picture(3)] };

// React's act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the car page picture, drawn on the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is the cover in the HTML, and becomes the gallery in the browser without React giving up the HTML', async () => {
    const element = <CarPictureGallery car={car} sizes="100vw" />;
    const html = renderToString(element);
    // Whole: no part left for the browser to draw, and the cover is there before any script.
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain(`src="${picture(1)}"`);
    expect(html).not.toContain(picture(2));

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const problems: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: (error) => problems.push(error) });
    });
    expect(await screen.findByRole('region', { name: 'Pictures of the Toyota Noah' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(problems).toEqual([]);
  });
});
