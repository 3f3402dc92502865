/**
 * A field of a drawn page keeps what the visitor left in it before the code arrived (decision 086):
 * which fields and values count, and that only a field the server drew is read.
 */
import { render, screen } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { noteDrawnFields, useDrawnFieldValue, valueLeftInDrawnField } from './drawnField';

function field(html: string): Element | null {
  document.body.innerHTML = html;
  return document.body.firstElementChild;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('valueLeftInDrawnField', () => {
  it('gives the value a visitor typed or chose when it differs from the drawn one', () => {
    const text = field('<input type="search" value="">');
    if (text instanceof HTMLInputElement) text.value = 'Corolla';
    expect(valueLeftInDrawnField(text, '')).toBe('Corolla');

    const date = field('<input type="date" value="2027-01-02">');
    if (date instanceof HTMLInputElement) date.value = '';
    expect(valueLeftInDrawnField(date, '2027-01-02')).toBe('');

    const select = field('<select><option value="">Select a car type</option><option>SUV</option></select>');
    if (select instanceof HTMLSelectElement) select.value = 'SUV';
    expect(valueLeftInDrawnField(select, '')).toBe('SUV');

    const notes = field('<textarea></textarea>');
    if (notes instanceof HTMLTextAreaElement) notes.value = 'Child seat, please';
    expect(valueLeftInDrawnField(notes, '')).toBe('Child seat, please');
  });

  it('gives nothing for a field as it was drawn, for boxes, radio buttons and files, and for no field', () => {
    expect(valueLeftInDrawnField(field('<input value="Waterford, Portmore">'), 'Waterford, Portmore')).toBeUndefined();
    for (const type of ['checkbox', 'radio', 'file']) {
      const box = field(`<input type="${type}">`);
      if (box instanceof HTMLInputElement && type !== 'file') box.checked = true;
      expect(valueLeftInDrawnField(box, ''), type).toBeUndefined();
    }
    expect(valueLeftInDrawnField(field('<p>Car type</p>'), '')).toBeUndefined();
    expect(valueLeftInDrawnField(null, '')).toBeUndefined();
  });
});

/** A form owning one select, which writes its state out beside it. */
function CarTypeForm({ start }: { start: string }) {
  const [type, setType] = useState(start);
  useDrawnFieldValue('car-type', type, setType);
  return (
    <form>
      <select id="car-type" aria-label="Car type" value={type} onChange={(e) => setType(e.target.value)}>
        <option value="">Any</option>
        <option>SUV</option>
      </select>
      <output>Chosen: {type || 'none'}</output>
    </form>
  );
}

describe('useDrawnFieldValue', () => {
  // React's act() outside Testing Library's render: tell React this is a test environment.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  it("puts a drawn field's changed value in its owner's state as React takes the page over", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CarTypeForm start="" />);
    document.body.append(container);
    screen.getByLabelText<HTMLSelectElement>('Car type').value = 'SUV';
    noteDrawnFields(container);
    let app: ReturnType<typeof hydrateRoot> | undefined;
    const problems: unknown[] = [];
    await act(async () => {
      app = hydrateRoot(container, <CarTypeForm start="" />, { onRecoverableError: (error) => problems.push(error) });
    });
    expect(screen.getByText('Chosen: SUV')).toBeInTheDocument();
    expect(problems).toEqual([]);
    act(() => app?.unmount());
  });

  it('leaves a field React drew in the browser alone, even one showing other than its state', () => {
    // No such option: the browser shows the first, but nobody chose it.
    render(<CarTypeForm start="Van" />);
    expect(screen.getByLabelText<HTMLSelectElement>('Car type').value).toBe('');
    expect(screen.getByText('Chosen: Van')).toBeInTheDocument();
  });
});
