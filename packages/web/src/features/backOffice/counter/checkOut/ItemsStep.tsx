/** Step 5: what goes with the keys, as the agreement will list it. */
import { controlProps, FormField } from '../../FormField';
import { COMMON_ITEMS, type CheckOutForm } from './checkOutForm';
import { BigCheckbox, type UpdateForm } from './Step';

export function ItemsStep({ form, update }: { form: CheckOutForm; update: UpdateForm }) {
  const id = 'check-out-other-item';
  const toggle = (item: string, checked: boolean) =>
    update((current) => ({ items: checked ? [...current.items.filter((other) => other !== item), item] : current.items.filter((other) => other !== item) }));
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {COMMON_ITEMS.map((item) => (
          <BigCheckbox key={item} checked={form.items.includes(item)} onChange={(checked) => toggle(item, checked)}>
            {item}
          </BigCheckbox>
        ))}
      </div>
      <FormField id={id} label="Anything else handed over" hint="Separate several with commas.">
        <input
          {...controlProps(id, undefined, { hint: 'hint' })}
          maxLength={300}
          placeholder="e.g. Umbrella, parking card"
          value={form.otherItem}
          onChange={(event) => update({ otherItem: event.target.value })}
        />
      </FormField>
    </div>
  );
}
