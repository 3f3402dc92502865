import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CarDiagram, type DiagramPin, markButtonName, type PinPlace } from './CarDiagram';

const NOTED: DiagramPin = { key: 'noted-1', number: 1, view: 'left', x: 0.3, y: 0.5, words: 'Scratch on the driver door', tone: 'noted' };

/** The diagram as a counter step holds it: placing adds a new pin, the arrows move it. */
function Placing({ onPlace }: { onPlace: (place: PinPlace) => void }) {
  const [pins, setPins] = useState<DiagramPin[]>([NOTED]);
  return (
    <CarDiagram
      label="New damages"
      pins={pins}
      onPlace={(place) => {
        onPlace(place);
        setPins((now) => [...now, { key: `new-${now.length}`, number: now.length + 1, ...place, words: 'Dent', tone: 'new' }]);
      }}
      onMove={(key, place) => setPins((now) => now.map((pin) => (pin.key === key ? { ...pin, ...place } : pin)))}
    />
  );
}

describe('the car’s drawing with its damage pins', () => {
  it('places a pin where the car is tapped, as fractions of the view, and names each pin in words', async () => {
    const onPlace = vi.fn<(place: PinPlace) => void>();
    render(<Placing onPlace={onPlace} />);
    // The top view first: the left side's pin is counted on its button, not drawn.
    expect(screen.getByRole('button', { name: 'Top', pressed: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Damage 1/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Left side, 1 damage' }));
    expect(screen.getByRole('button', { name: 'Damage 1, already noted: Scratch on the driver door (left side)' })).toBeInTheDocument();

    // A tap at three quarters across and a quarter down the drawing (jsdom lays nothing out: the box is given).
    const drawing = screen.getByRole('group', { name: /the car's left side, tap where the damage is/ });
    vi.spyOn(drawing, 'getBoundingClientRect').mockReturnValue({
      left: 10,
      top: 20,
      width: 400,
      height: 190,
      right: 410,
      bottom: 210,
      x: 10,
      y: 20,
      toJSON: () => ({}),
    });
    fireEvent.click(screen.getByTestId('diagram-surface'), { clientX: 10 + 300, clientY: 20 + 47.5 });
    expect(onPlace).toHaveBeenLastCalledWith({ view: 'left', x: 0.75, y: 0.25 });
    const pin = screen.getByRole('button', { name: 'Damage 2, new: Dent (left side)' });
    expect(pin).toHaveAttribute('transform', 'translate(300 47.5)');

    // By keyboard: the new pin moves with the arrows; the noted one stays where it was noted.
    pin.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Damage 2, new: Dent (left side)' })).toHaveAttribute('transform', 'translate(308 51.3)');
    screen.getByRole('button', { name: /^Damage 1/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /^Damage 1/ })).toHaveAttribute('transform', 'translate(120 95)');

    // Without a pointer: the middle of the view, or the inside, listed.
    await userEvent.click(screen.getByRole('button', { name: markButtonName('left') }));
    expect(onPlace).toHaveBeenLastCalledWith({ view: 'left', x: 0.5, y: 0.5 });
    await userEvent.click(screen.getByRole('button', { name: markButtonName('interior') }));
    expect(onPlace).toHaveBeenLastCalledWith({ view: 'interior', x: null, y: null });
    const list = screen.getByRole('heading', { name: 'Inside, or noted without a place' }).nextElementSibling as HTMLElement;
    expect(within(list).getByRole('button', { name: 'Damage 4, new: Dent (inside)' })).toBeInTheDocument();
  });

  it('only shows the pins when nothing may be placed, each a button that selects its damage', async () => {
    const onSelect = vi.fn<(key: string) => void>();
    render(
      <CarDiagram
        label="Open damages"
        pins={[NOTED, { key: 'old', number: 2, view: 'top', x: null, y: null, words: 'Hail dent', tone: 'noted' }]}
        onSelect={onSelect}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Mark a damage/ })).not.toBeInTheDocument();
    // Noted before the drawings: listed under its view.
    await userEvent.click(screen.getByRole('button', { name: 'Damage 2, already noted: Hail dent (top)' }));
    expect(onSelect).toHaveBeenLastCalledWith('old');
    await userEvent.click(screen.getByRole('button', { name: 'Left side, 1 damage' }));
    screen.getByRole('button', { name: /^Damage 1/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('noted-1');
  });
});
