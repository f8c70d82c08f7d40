import { useId, type ReactNode } from 'react';
import classes from './segmented-radio-group.module.css';

export interface SegmentedRadioGroupProps<T extends string> {
  /** The group's accessible name. */
  'aria-label': string;
  value: T;
  onChange: (value: T) => void;
  data: ReadonlyArray<{ value: T; label: ReactNode }>;
}

/**
 * A choice between a few options that looks like Mantine's `SegmentedControl` and is built the same
 * way — native radio inputs in a `radiogroup`, so arrow keys move the choice and a label's click
 * makes it — without the `SegmentedControl`, whose chunk brings Mantine's `ScrollArea` and Floating
 * UI into the first load of the page that shows it (docs/performance.md).
 */
export function SegmentedRadioGroup<T extends string>({
  'aria-label': ariaLabel,
  value,
  onChange,
  data,
}: SegmentedRadioGroupProps<T>) {
  const name = useId();
  return (
    <div className={classes.root} role="radiogroup" aria-label={ariaLabel}>
      {data.map((item) => {
        const active = item.value === value || undefined;
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value} className={classes.control} data-active={active}>
            <input
              className={classes.input}
              type="radio"
              name={name}
              id={id}
              value={item.value}
              checked={item.value === value}
              onChange={() => onChange(item.value)}
            />
            <label className={classes.label} htmlFor={id} data-active={active}>
              <span className={classes.innerLabel}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
