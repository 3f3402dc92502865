import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/**
 * What a visitor left in a field of a page drawn on the server before the page's code took it over
 * (decision 086): the field's value when it is not the one the page was drawn with, else undefined.
 * Boxes and radio buttons keep their choice in `checked`, and a file field cannot be given back: they
 * are left alone (drawn pages have none).
 */
export function valueLeftInDrawnField(field: Element | null, drawnValue: string): string | undefined {
  const holdsText =
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement ||
    (field instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(field.type));
  if (!holdsText || field.value === drawnValue) return undefined;
  return field.value;
}

const neverChanges = () => () => undefined;

/**
 * Keeps what a visitor chose or typed in a drawn field before the code arrived. React keeps such a
 * value in the page when it takes the page over but not in the component's state, so the form
 * would send the drawn value (an empty car type) and draw it again at its next render. As the
 * component is hydrated, its field's current value is read from the page and put in its state.
 *
 * `id` is the field's id, `value` what the component draws in it, `setValue` its state's setter.
 * Only a hydrated field is read: a field React drew in the browser holds what React put there.
 */
export function useDrawnFieldValue(id: string, value: string, setValue: (next: string) => void): void {
  // React reads getServerSnapshot on the server and while it hydrates the server's HTML, getSnapshot
  // when it draws in the browser: true here means this field came from the server.
  const hydrating = useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
  const drawn = useRef(hydrating);
  // A layout effect: the state holds the visitor's value before the browser paints again and before
  // the page says it is live (the tap boot held reads it).
  useLayoutEffect(() => {
    if (!drawn.current) return;
    drawn.current = false;
    const left = valueLeftInDrawnField(document.getElementById(id), value);
    if (left !== undefined) setValue(left);
  }, [id, value, setValue]);
}
