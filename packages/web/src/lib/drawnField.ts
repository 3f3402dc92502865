import { useLayoutEffect, useRef } from 'react';

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

/**
 * The fields of the page the server drew, noted just before React takes it over (main.tsx): React
 * hydrates those very elements, so a field found here came from the server, and one React drew in
 * the browser is a new element. Kept apart from React's state on purpose: a hook that read "am I
 * hydrating?" from a store (useSyncExternalStore's server snapshot) made React draw the whole page
 * again, synchronously, once the answer changed after hydration (~100-150 ms of a phone's CPU on /cars).
 */
const drawnFields = new WeakSet<Element>();

/** Notes the fields in `root` as drawn by the server; call it before hydrating `root`. */
export function noteDrawnFields(root: ParentNode): void {
  for (const field of root.querySelectorAll('input, select, textarea')) drawnFields.add(field);
}

/**
 * Keeps what a visitor chose or typed in a drawn field before the code arrived. React keeps such a
 * value in the page when it takes the page over but not in the component's state, so the form
 * would send the drawn value (an empty car type) and draw it again at its next render. As the
 * component is hydrated, its field's current value is read from the page and put in its state.
 *
 * `id` is the field's id, `value` what the component draws in it, `setValue` its state's setter.
 * Only a field noted by noteDrawnFields is read, once: a field React drew in the browser holds what
 * React put there, even a select showing its first option for a value it has none of.
 */
export function useDrawnFieldValue(id: string, value: string, setValue: (next: string) => void): void {
  const read = useRef(false);
  // A layout effect: the state holds the visitor's value before the browser paints again and before
  // the page says it is live (the tap boot held reads it).
  useLayoutEffect(() => {
    if (read.current) return;
    read.current = true;
    const field = document.getElementById(id);
    if (!field || !drawnFields.has(field)) return;
    drawnFields.delete(field);
    const left = valueLeftInDrawnField(field, value);
    if (left !== undefined) setValue(left);
  }, [id, value, setValue]);
}
